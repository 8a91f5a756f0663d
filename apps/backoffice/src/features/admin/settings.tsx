import {
  type BackofficeCryptoMethod,
  type BackofficePaymentMethod,
  backofficeCryptoMethodListSchema,
  backofficePaymentMethodListSchema,
  exchangeRatesResponseSchema,
  fourEyesSettingSchema,
  limitCoolingOffSchema,
  type Requisite,
  requisiteListResponseSchema,
  restrictedCountriesSchema,
  sandboxAutoApproveSchema,
} from '@casino/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';
import { toast } from 'sonner';
import { apiFieldError } from '@/components/form-support.tsx';
import { Page } from '@/components/page.tsx';
import { SettingForm, SettingsCard, SettingsTable } from '@/components/settings-card.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { InputField, TextareaField } from '@/components/ui/field.tsx';
import { Tabs } from '@/components/ui/tabs.tsx';
import { api, errorMessage } from '@/lib/api.ts';
import { useFormatDateTime } from '@/lib/format.ts';
import { useCan } from '@/lib/me.ts';

type Method = 'GET' | 'PUT' | 'PATCH' | 'POST';

/** A setting's read and save: the screen shows the form only to those allowed to save. */
function useSetting<T>(path: string, parse: (value: unknown) => T) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['backoffice', 'settings', path],
    queryFn: async () => parse(await api(path)),
  });
  const save = async (method: Method, body: unknown) => {
    const saved = parse(await api(path, { method, body }));
    queryClient.setQueryData(['backoffice', 'settings', path], saved);
    toast.success('Saved');
    return saved;
  };
  return { query, save };
}

/**
 * A setting of one value edited as text (`PUT path`): `text` shows the saved value, `body` makes
 * the request of what the operator typed; `field` names the value's error.
 */
function OneValueSetting<T>({
  path,
  parse,
  title,
  description,
  label,
  hint,
  field,
  text,
  body,
  multiline = false,
  inputMode,
}: {
  path: string;
  parse: (value: unknown) => T;
  title: string;
  description: (data: T | undefined) => string;
  label: string;
  hint?: string;
  field: string;
  text: (data: T) => string;
  body: (text: string) => unknown;
  multiline?: boolean;
  inputMode?: 'decimal' | 'numeric';
}) {
  const { query, save } = useSetting(path, parse);
  const canSave = useCan('PUT', path);
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <SettingsCard title={title} description={description(query.data)} query={query}>
      {(data) => {
        const value = draft ?? text(data);
        return (
          <SettingForm
            canSave={canSave}
            onSubmit={async () => {
              await save('PUT', body(value));
              setDraft(null);
            }}
          >
            {(error) =>
              multiline ? (
                <TextareaField
                  label={label}
                  hint={hint}
                  error={apiFieldError(error, field)}
                  value={value}
                  onChange={(event) => setDraft(event.target.value)}
                />
              ) : (
                <InputField
                  label={label}
                  hint={hint}
                  error={apiFieldError(error, field)}
                  inputMode={inputMode}
                  inputClassName="max-w-48"
                  value={value}
                  onChange={(event) => setDraft(event.target.value)}
                />
              )
            }
          </SettingForm>
        );
      }}
    </SettingsCard>
  );
}

function RestrictedCountries() {
  return (
    <OneValueSetting
      path="/settings/restricted-countries"
      parse={(value) => restrictedCountriesSchema.parse(value)}
      title="Restricted countries"
      description={() => 'Players from these countries (ISO 3166 codes) are refused with 451.'}
      label="Countries"
      hint="e.g. US, GB, FR"
      field="countries"
      multiline
      text={(data) => data.countries.join(', ')}
      body={(value) => ({
        countries: value
          .split(/[\s,]+/)
          .map((code) => code.trim())
          .filter(Boolean),
      })}
    />
  );
}

function FourEyes() {
  return (
    <OneValueSetting
      path="/settings/four-eyes"
      parse={(value) => fourEyesSettingSchema.parse(value)}
      title="Four-eyes threshold"
      description={() =>
        "Withdrawals and manual adjustments above this need a second operator's approval."
      }
      label="Threshold (USD)"
      field="thresholdUsd"
      inputMode="decimal"
      text={(data) => data.thresholdUsd}
      body={(value) => ({ thresholdUsd: value.trim() })}
    />
  );
}

function CoolingOff() {
  return (
    <OneValueSetting
      path="/settings/limit-cooling-off"
      parse={(value) => limitCoolingOffSchema.parse(value)}
      title="Limit cooling-off"
      description={(data) =>
        data
          ? `A raised or removed limit waits this long. In force: ${data.effectiveHours} h (the deployment's floor is ${data.floorHours} h).`
          : 'A raised or removed limit waits this long.'
      }
      label="Hours"
      hint="Empty: the deployment's floor"
      field="hours"
      inputMode="numeric"
      text={(data) => (data.hours === null ? '' : String(data.hours))}
      body={(value) => ({ hours: value.trim() === '' ? null : Number(value) })}
    />
  );
}

function SandboxAutoApprove() {
  const { query, save } = useSetting('/settings/sandbox-auto-approve', (value) =>
    sandboxAutoApproveSchema.parse(value),
  );
  const canSave = useCan('PUT', '/settings/sandbox-auto-approve');
  const data = query.data;
  return (
    <SettingsCard
      title="Sandbox auto-approve"
      description="Deposits with a receipt are approved by a job after a delay (a sandbox: nobody checks the receipt)."
      actions={
        data ? (
          data.active ? (
            <Badge tone="warn">Active</Badge>
          ) : (
            <Badge tone="neutral">Inactive</Badge>
          )
        ) : null
      }
      query={query}
    >
      {(data) => (
        <div className="flex flex-wrap items-center gap-3 p-4 text-sm">
          <span>
            {data.enabled ? 'On' : 'Off'}
            {data.delaySeconds > 0 ? `, after ${data.delaySeconds} s` : ' (not configured here)'}
          </span>
          {canSave ? (
            <Button
              size="sm"
              onClick={() =>
                void save('PUT', { enabled: !data.enabled }).catch((failure: unknown) =>
                  toast.error(errorMessage(failure)),
                )
              }
            >
              Turn {data.enabled ? 'off' : 'on'}
            </Button>
          ) : null}
        </div>
      )}
    </SettingsCard>
  );
}

function ExchangeRates() {
  const formatDateTime = useFormatDateTime();
  const { query, save } = useSetting('/exchange-rates', (value) =>
    exchangeRatesResponseSchema.parse(value),
  );
  const canSave = useCan('PUT', '/exchange-rates');
  const [pair, setPair] = useState({ base: '', quote: '', rate: '' });
  return (
    <SettingsCard
      title="Exchange rates"
      description="Operator-set rates between currencies."
      query={query}
    >
      {(data) => (
        <>
          <SettingsTable
            rows={data.rates}
            rowKey={(rate) => `${rate.base}-${rate.quote}`}
            rowClassName="border-b border-line"
            columns={[
              {
                header: 'Pair',
                className: 'font-medium whitespace-nowrap',
                cell: (rate) => `${rate.base} → ${rate.quote}`,
              },
              { header: 'Rate', numeric: true, cell: (rate) => rate.rate },
              {
                header: 'Set',
                className: 'whitespace-nowrap text-muted',
                cell: (rate) => formatDateTime(rate.setAt),
              },
            ]}
            action={
              canSave
                ? (rate) => (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() =>
                        setPair({ base: rate.base, quote: rate.quote, rate: rate.rate })
                      }
                    >
                      Edit
                    </Button>
                  )
                : null
            }
          />
          {canSave ? (
            <SettingForm
              canSave
              onSubmit={async () => {
                await save('PUT', {
                  rates: [
                    {
                      base: pair.base.trim().toUpperCase(),
                      quote: pair.quote.trim().toUpperCase(),
                      rate: pair.rate.trim(),
                    },
                  ],
                });
                setPair({ base: '', quote: '', rate: '' });
              }}
            >
              {(error) => (
                <div className="flex flex-wrap items-end gap-2">
                  <InputField
                    label="Base"
                    error={apiFieldError(error, 'rates.0.base')}
                    inputClassName="w-24"
                    value={pair.base}
                    onChange={(event) => setPair({ ...pair, base: event.target.value })}
                  />
                  <InputField
                    label="Quote"
                    error={apiFieldError(error, 'rates.0.quote')}
                    inputClassName="w-24"
                    value={pair.quote}
                    onChange={(event) => setPair({ ...pair, quote: event.target.value })}
                  />
                  <InputField
                    label="Rate"
                    error={apiFieldError(error, 'rates.0.rate')}
                    inputMode="decimal"
                    inputClassName="w-40"
                    value={pair.rate}
                    onChange={(event) => setPair({ ...pair, rate: event.target.value })}
                  />
                </div>
              )}
            </SettingForm>
          ) : null}
        </>
      )}
    </SettingsCard>
  );
}

const cryptoFields = [
  ['minDeposit', 'Minimum deposit'],
  ['minWithdraw', 'Minimum withdrawal'],
  ['withdrawFee', 'Withdrawal fee'],
  ['cryptobotMinDeposit', 'Crypto-bot minimum'],
] as const;

function CryptoMethodDialog({
  method,
  onClose,
  onSaved,
}: {
  method: BackofficeCryptoMethod;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [draft, setDraft] = useState({
    name: method.name,
    precision: String(method.precision),
    confirmations: String(method.confirmations),
    minDeposit: method.minDeposit,
    minWithdraw: method.minWithdraw,
    withdrawFee: method.withdrawFee,
    cryptobotMinDeposit: method.cryptobotMinDeposit,
    valuePresets: method.valuePresets.join(', '),
    depositEnabled: method.depositEnabled,
    withdrawAllowed: method.withdrawAllowed,
    sortOrder: String(method.sortOrder),
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${method.code} · ${method.network}`}
    >
      <SettingForm
        canSave
        onSubmit={async () => {
          await api(`/crypto/methods/${method.code}`, {
            method: 'PATCH',
            body: {
              name: draft.name,
              precision: Number(draft.precision),
              confirmations: Number(draft.confirmations),
              minDeposit: draft.minDeposit.trim(),
              minWithdraw: draft.minWithdraw.trim(),
              withdrawFee: draft.withdrawFee.trim(),
              cryptobotMinDeposit: draft.cryptobotMinDeposit.trim(),
              valuePresets: draft.valuePresets
                .split(/[\s,]+/)
                .map((preset) => preset.trim())
                .filter(Boolean),
              depositEnabled: draft.depositEnabled,
              withdrawAllowed: draft.withdrawAllowed,
              sortOrder: Number(draft.sortOrder),
            },
          });
          toast.success(`${method.code} saved`);
          onSaved();
          onClose();
        }}
      >
        {(error) => {
          const input = (field: keyof typeof draft & string) => ({
            error: apiFieldError(error, field),
            value: String(draft[field]),
            onChange: (event: ChangeEvent<HTMLInputElement>) =>
              setDraft({ ...draft, [field]: event.target.value }),
          });
          return (
            <div className="grid gap-3 sm:grid-cols-2">
              <InputField label="Name" className="sm:col-span-2" {...input('name')} />
              {cryptoFields.map(([field, label]) => (
                <InputField
                  key={field}
                  label={`${label} (${method.asset})`}
                  inputMode="decimal"
                  {...input(field)}
                />
              ))}
              <InputField
                label="Precision"
                hint={`Decimals shown, at most ${method.scale}`}
                inputMode="numeric"
                {...input('precision')}
              />
              <InputField label="Confirmations" inputMode="numeric" {...input('confirmations')} />
              <InputField label="Quick amounts" {...input('valuePresets')} />
              <InputField label="Sort order" inputMode="numeric" {...input('sortOrder')} />
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={draft.depositEnabled}
                  onChange={(event) => setDraft({ ...draft, depositEnabled: event.target.checked })}
                />
                Deposits enabled
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={draft.withdrawAllowed}
                  onChange={(event) =>
                    setDraft({ ...draft, withdrawAllowed: event.target.checked })
                  }
                />
                Withdrawals allowed
              </label>
            </div>
          );
        }}
      </SettingForm>
    </Dialog>
  );
}

/** A method's two states as badges. */
function OnOff({ on, yes, no }: { on: boolean; yes: string; no: string }) {
  return on ? <Badge tone="good">{yes}</Badge> : <Badge tone="neutral">{no}</Badge>;
}

/** A settings list read from `path`: its query and a way to read it again after a change. */
function useSettingsList<T>(name: string, path: string, parse: (value: unknown) => T) {
  const queryClient = useQueryClient();
  const key = ['backoffice', 'settings', name];
  const query = useQuery({ queryKey: key, queryFn: async () => parse(await api(path)) });
  return { query, refresh: () => queryClient.invalidateQueries({ queryKey: key }) };
}

function CryptoMethods() {
  const canEdit = useCan('PATCH', '/crypto/methods/:code');
  const [editing, setEditing] = useState<BackofficeCryptoMethod | null>(null);
  const { query, refresh } = useSettingsList(
    'crypto-methods',
    '/crypto/methods',
    (value) => backofficeCryptoMethodListSchema.parse(value).items,
  );
  return (
    <SettingsCard
      title="Crypto methods"
      description="The assets and networks players pay with."
      query={query}
      footer={
        editing ? (
          <CryptoMethodDialog
            method={editing}
            onClose={() => setEditing(null)}
            onSaved={() => void refresh()}
          />
        ) : null
      }
    >
      {(methods) => (
        <SettingsTable
          rows={methods}
          rowKey={(method) => method.code}
          columns={[
            {
              header: 'Method',
              className: 'whitespace-nowrap',
              cell: (method) => (
                <>
                  <span className="font-medium">{method.code}</span>{' '}
                  <span className="text-muted">{method.name}</span>
                </>
              ),
            },
            { header: 'Network', cell: (method) => method.network },
            { header: 'Min deposit', numeric: true, cell: (method) => method.minDeposit },
            { header: 'Min withdrawal', numeric: true, cell: (method) => method.minWithdraw },
            { header: 'Fee', numeric: true, cell: (method) => method.withdrawFee },
            { header: 'Confirmations', numeric: true, cell: (method) => method.confirmations },
            {
              header: 'Status',
              className: 'whitespace-nowrap',
              cell: (method) => (
                <>
                  <OnOff on={method.depositEnabled} yes="Deposits" no="No deposits" />{' '}
                  <OnOff on={method.withdrawAllowed} yes="Withdrawals" no="No withdrawals" />
                </>
              ),
            },
          ]}
          action={
            canEdit
              ? (method) => (
                  <Button size="sm" variant="ghost" onClick={() => setEditing(method)}>
                    Edit
                  </Button>
                )
              : null
          }
        />
      )}
    </SettingsCard>
  );
}

function PaymentMethods() {
  const canEdit = useCan('PATCH', '/payments/methods/:id');
  const { query, refresh } = useSettingsList(
    'payment-methods',
    '/payments/methods',
    (value) => backofficePaymentMethodListSchema.parse(value).items,
  );
  const toggle = async (method: BackofficePaymentMethod) => {
    try {
      await api(`/payments/methods/${method.id}`, {
        method: 'PATCH',
        body: { enabled: !method.enabled },
      });
      toast.success(`${method.name} ${method.enabled ? 'turned off' : 'turned on'}`);
      await refresh();
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };
  return (
    <SettingsCard
      title="Payment methods"
      description="Fiat methods players deposit and withdraw with; a method turned off is not offered."
      query={query}
    >
      {(methods) => (
        <SettingsTable
          rows={methods}
          rowKey={(method) => method.id}
          columns={[
            {
              header: 'Method',
              className: 'whitespace-nowrap',
              cell: (method) => (
                <>
                  <span className="font-medium">{method.name}</span>{' '}
                  <span className="font-mono text-xs text-muted">{method.id}</span>
                </>
              ),
            },
            { header: 'Kind', cell: (method) => method.kind },
            { header: 'Currency', cell: (method) => method.currency },
            {
              header: 'Offers',
              className: 'whitespace-nowrap',
              cell: (method) =>
                [method.deposits && 'Deposits', method.withdrawals && 'Withdrawals']
                  .filter(Boolean)
                  .join(', '),
            },
            { header: 'Countries', cell: (method) => method.countries?.join(', ') ?? 'All' },
            {
              header: 'Status',
              cell: (method) => <OnOff on={method.enabled} yes="On" no="Off" />,
            },
          ]}
          action={
            canEdit
              ? (method) => (
                  <Button size="sm" variant="ghost" onClick={() => void toggle(method)}>
                    Turn {method.enabled ? 'off' : 'on'}
                  </Button>
                )
              : null
          }
        />
      )}
    </SettingsCard>
  );
}

const requisiteFields = [
  ['methodId', 'Method id'],
  ['recipientBank', 'Bank'],
  ['card', 'Card'],
  ['holderName', 'Holder'],
] as const;

function Requisites() {
  const canEdit = useCan('PATCH', '/payments/requisites/:id');
  const canCreate = useCan('POST', '/payments/requisites');
  const { query, refresh } = useSettingsList('requisites', '/payments/requisites', (value) =>
    requisiteListResponseSchema.parse(value),
  );
  const [draft, setDraft] = useState({ methodId: '', recipientBank: '', card: '', holderName: '' });
  const toggle = async (requisite: Requisite) => {
    try {
      await api(`/payments/requisites/${requisite.id}`, {
        method: 'PATCH',
        body: { active: !requisite.active },
      });
      await refresh();
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };
  return (
    <SettingsCard
      title="Payment requisites"
      description="The bank cards and accounts players pay deposits to (peer-to-peer methods)."
      query={query}
      footer={
        canCreate ? (
          <SettingForm
            canSave
            onSubmit={async () => {
              await api('/payments/requisites', {
                method: 'POST',
                body: {
                  methodId: draft.methodId.trim(),
                  recipientBank: draft.recipientBank.trim(),
                  card: draft.card.trim() || null,
                  holderName: draft.holderName.trim() || null,
                },
              });
              setDraft({ methodId: '', recipientBank: '', card: '', holderName: '' });
              toast.success('Requisite added');
              await refresh();
            }}
          >
            {(error) => (
              <div className="flex flex-wrap items-end gap-2">
                {requisiteFields.map(([field, label]) => (
                  <InputField
                    key={field}
                    label={label}
                    error={apiFieldError(error, field)}
                    inputClassName="w-44"
                    value={draft[field]}
                    onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
                  />
                ))}
              </div>
            )}
          </SettingForm>
        ) : null
      }
    >
      {(requisites) => (
        <SettingsTable
          rows={requisites}
          rowKey={(requisite) => requisite.id}
          columns={[
            {
              header: 'Method',
              className: 'font-mono text-xs',
              cell: (requisite) => requisite.methodId,
            },
            { header: 'Bank', cell: (requisite) => requisite.recipientBank },
            {
              header: 'Card / phone',
              className: 'font-mono text-xs',
              cell: (requisite) => requisite.card ?? requisite.phone ?? '—',
            },
            { header: 'Holder', cell: (requisite) => requisite.holderName ?? '—' },
            {
              header: 'Status',
              cell: (requisite) => <OnOff on={requisite.active} yes="Active" no="Inactive" />,
            },
          ]}
          action={
            canEdit
              ? (requisite) => (
                  <Button size="sm" variant="ghost" onClick={() => void toggle(requisite)}>
                    {requisite.active ? 'Deactivate' : 'Activate'}
                  </Button>
                )
              : null
          }
        />
      )}
    </SettingsCard>
  );
}

export function SettingsPage() {
  const [tab, setTab] = useState('platform');
  const canRates = useCan('GET', '/exchange-rates');
  const canCrypto = useCan('GET', '/crypto/methods');
  const canRequisites = useCan('GET', '/payments/requisites');
  const canCountries = useCan('GET', '/settings/restricted-countries');
  const canFourEyes = useCan('GET', '/settings/four-eyes');
  const canCoolingOff = useCan('GET', '/settings/limit-cooling-off');
  const canAutoApprove = useCan('GET', '/settings/sandbox-auto-approve');
  return (
    <Page title="Settings" description="The operator's settings; every change is audited.">
      <Tabs
        value={tab}
        onValueChange={setTab}
        tabs={[
          {
            value: 'platform',
            label: 'Platform',
            content: (
              <div className="grid gap-4 lg:grid-cols-2">
                {canCountries ? <RestrictedCountries /> : null}
                {canFourEyes ? <FourEyes /> : null}
                {canCoolingOff ? <CoolingOff /> : null}
                {canAutoApprove ? <SandboxAutoApprove /> : null}
              </div>
            ),
          },
          {
            value: 'rates',
            label: 'Exchange rates',
            hidden: !canRates,
            content: <ExchangeRates />,
          },
          {
            value: 'payments',
            label: 'Payment methods',
            hidden: !canRequisites,
            content: (
              <div className="flex flex-col gap-4">
                <PaymentMethods />
                <Requisites />
              </div>
            ),
          },
          {
            value: 'crypto',
            label: 'Crypto methods',
            hidden: !canCrypto,
            content: <CryptoMethods />,
          },
        ]}
      />
    </Page>
  );
}
