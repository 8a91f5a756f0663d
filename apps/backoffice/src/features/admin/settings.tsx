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
import { type FormEvent, type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { Page } from '@/components/page.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardHeader } from '@/components/ui/card.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { Field, Input, Textarea } from '@/components/ui/field.tsx';
import { ErrorState, Spinner } from '@/components/ui/states.tsx';
import { Tabs } from '@/components/ui/tabs.tsx';
import { ApiError, api, errorMessage } from '@/lib/api.ts';
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

function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.errors?.[field]?.join(', ') : undefined;
}

function Loading({ query }: { query: { isLoading: boolean; isError: boolean; error: unknown } }) {
  if (query.isLoading)
    return (
      <div className="p-4">
        <Spinner />
      </div>
    );
  if (query.isError) return <ErrorState error={query.error} />;
  return null;
}

/** A one-form card: its fields, a Save button for those allowed, the save's error. */
function SettingForm({
  canSave,
  onSubmit,
  children,
}: {
  canSave: boolean;
  onSubmit: () => Promise<unknown>;
  children: (error: unknown) => ReactNode;
}) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="flex flex-col gap-3 p-4" onSubmit={(event) => void submit(event)}>
      <fieldset disabled={!canSave} className="flex flex-col gap-3">
        {children(error)}
      </fieldset>
      {error && !(error instanceof ApiError && error.errors) ? (
        <p className="text-sm text-red-600" role="alert">
          {errorMessage(error)}
        </p>
      ) : null}
      {canSave ? (
        <div>
          <Button type="submit" variant="primary" loading={busy}>
            Save
          </Button>
        </div>
      ) : null}
    </form>
  );
}

function RestrictedCountries() {
  const { query, save } = useSetting('/settings/restricted-countries', (value) =>
    restrictedCountriesSchema.parse(value),
  );
  const canSave = useCan('PUT', '/settings/restricted-countries');
  const [text, setText] = useState<string | null>(null);
  const value = text ?? query.data?.countries.join(', ') ?? '';
  return (
    <Card>
      <CardHeader
        title="Restricted countries"
        description="Players from these countries (ISO 3166 codes) are refused with 451."
      />
      <Loading query={query} />
      {query.data ? (
        <SettingForm
          canSave={canSave}
          onSubmit={async () => {
            await save('PUT', {
              countries: value
                .split(/[\s,]+/)
                .map((code) => code.trim())
                .filter(Boolean),
            });
            setText(null);
          }}
        >
          {(error) => (
            <Field label="Countries" hint="e.g. US, GB, FR" error={fieldError(error, 'countries')}>
              {(props) => (
                <Textarea
                  {...props}
                  value={value}
                  onChange={(event) => setText(event.target.value)}
                />
              )}
            </Field>
          )}
        </SettingForm>
      ) : null}
    </Card>
  );
}

function FourEyes() {
  const { query, save } = useSetting('/settings/four-eyes', (value) =>
    fourEyesSettingSchema.parse(value),
  );
  const canSave = useCan('PUT', '/settings/four-eyes');
  const [text, setText] = useState<string | null>(null);
  const value = text ?? query.data?.thresholdUsd ?? '';
  return (
    <Card>
      <CardHeader
        title="Four-eyes threshold"
        description="Withdrawals and manual adjustments above this need a second operator's approval."
      />
      <Loading query={query} />
      {query.data ? (
        <SettingForm
          canSave={canSave}
          onSubmit={async () => {
            await save('PUT', { thresholdUsd: value.trim() });
            setText(null);
          }}
        >
          {(error) => (
            <Field label="Threshold (USD)" error={fieldError(error, 'thresholdUsd')}>
              {(props) => (
                <Input
                  {...props}
                  inputMode="decimal"
                  className="max-w-48"
                  value={value}
                  onChange={(event) => setText(event.target.value)}
                />
              )}
            </Field>
          )}
        </SettingForm>
      ) : null}
    </Card>
  );
}

function CoolingOff() {
  const { query, save } = useSetting('/settings/limit-cooling-off', (value) =>
    limitCoolingOffSchema.parse(value),
  );
  const canSave = useCan('PUT', '/settings/limit-cooling-off');
  const [text, setText] = useState<string | null>(null);
  const value = text ?? (query.data?.hours === null ? '' : String(query.data?.hours ?? ''));
  return (
    <Card>
      <CardHeader
        title="Limit cooling-off"
        description={
          query.data
            ? `A raised or removed limit waits this long. In force: ${query.data.effectiveHours} h (the deployment's floor is ${query.data.floorHours} h).`
            : 'A raised or removed limit waits this long.'
        }
      />
      <Loading query={query} />
      {query.data ? (
        <SettingForm
          canSave={canSave}
          onSubmit={async () => {
            await save('PUT', { hours: value.trim() === '' ? null : Number(value) });
            setText(null);
          }}
        >
          {(error) => (
            <Field
              label="Hours"
              hint="Empty: the deployment's floor"
              error={fieldError(error, 'hours')}
            >
              {(props) => (
                <Input
                  {...props}
                  inputMode="numeric"
                  className="max-w-48"
                  value={value}
                  onChange={(event) => setText(event.target.value)}
                />
              )}
            </Field>
          )}
        </SettingForm>
      ) : null}
    </Card>
  );
}

function SandboxAutoApprove() {
  const { query, save } = useSetting('/settings/sandbox-auto-approve', (value) =>
    sandboxAutoApproveSchema.parse(value),
  );
  const canSave = useCan('PUT', '/settings/sandbox-auto-approve');
  const data = query.data;
  return (
    <Card>
      <CardHeader
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
      />
      <Loading query={query} />
      {data ? (
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
      ) : null}
    </Card>
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
    <Card>
      <CardHeader title="Exchange rates" description="Operator-set rates between currencies." />
      <Loading query={query} />
      {query.data ? (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-line bg-canvas/60 text-xs text-muted">
                  <th className="px-4 py-2 font-medium">Pair</th>
                  <th className="px-4 py-2 text-right font-medium">Rate</th>
                  <th className="px-4 py-2 font-medium">Set</th>
                  {canSave ? <th className="px-4 py-2" /> : null}
                </tr>
              </thead>
              <tbody>
                {query.data.rates.map((rate) => (
                  <tr key={`${rate.base}-${rate.quote}`} className="border-b border-line">
                    <td className="px-4 py-2 font-medium whitespace-nowrap">
                      {rate.base} → {rate.quote}
                    </td>
                    <td className="tabular px-4 py-2 text-right">{rate.rate}</td>
                    <td className="px-4 py-2 whitespace-nowrap text-muted">
                      {formatDateTime(rate.setAt)}
                    </td>
                    {canSave ? (
                      <td className="px-4 py-2 text-right">
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() =>
                            setPair({ base: rate.base, quote: rate.quote, rate: rate.rate })
                          }
                        >
                          Edit
                        </Button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
                  <Field label="Base" error={fieldError(error, 'rates.0.base')}>
                    {(props) => (
                      <Input
                        {...props}
                        className="w-24"
                        value={pair.base}
                        onChange={(event) => setPair({ ...pair, base: event.target.value })}
                      />
                    )}
                  </Field>
                  <Field label="Quote" error={fieldError(error, 'rates.0.quote')}>
                    {(props) => (
                      <Input
                        {...props}
                        className="w-24"
                        value={pair.quote}
                        onChange={(event) => setPair({ ...pair, quote: event.target.value })}
                      />
                    )}
                  </Field>
                  <Field label="Rate" error={fieldError(error, 'rates.0.rate')}>
                    {(props) => (
                      <Input
                        {...props}
                        inputMode="decimal"
                        className="w-40"
                        value={pair.rate}
                        onChange={(event) => setPair({ ...pair, rate: event.target.value })}
                      />
                    )}
                  </Field>
                </div>
              )}
            </SettingForm>
          ) : null}
        </>
      ) : null}
    </Card>
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
        {(error) => (
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Name" error={fieldError(error, 'name')} className="sm:col-span-2">
              {(props) => (
                <Input
                  {...props}
                  value={draft.name}
                  onChange={(event) => setDraft({ ...draft, name: event.target.value })}
                />
              )}
            </Field>
            {cryptoFields.map(([field, label]) => (
              <Field
                key={field}
                label={`${label} (${method.asset})`}
                error={fieldError(error, field)}
              >
                {(props) => (
                  <Input
                    {...props}
                    inputMode="decimal"
                    value={draft[field]}
                    onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
                  />
                )}
              </Field>
            ))}
            <Field
              label="Precision"
              hint={`Decimals shown, at most ${method.scale}`}
              error={fieldError(error, 'precision')}
            >
              {(props) => (
                <Input
                  {...props}
                  inputMode="numeric"
                  value={draft.precision}
                  onChange={(event) => setDraft({ ...draft, precision: event.target.value })}
                />
              )}
            </Field>
            <Field label="Confirmations" error={fieldError(error, 'confirmations')}>
              {(props) => (
                <Input
                  {...props}
                  inputMode="numeric"
                  value={draft.confirmations}
                  onChange={(event) => setDraft({ ...draft, confirmations: event.target.value })}
                />
              )}
            </Field>
            <Field label="Quick amounts" error={fieldError(error, 'valuePresets')}>
              {(props) => (
                <Input
                  {...props}
                  value={draft.valuePresets}
                  onChange={(event) => setDraft({ ...draft, valuePresets: event.target.value })}
                />
              )}
            </Field>
            <Field label="Sort order" error={fieldError(error, 'sortOrder')}>
              {(props) => (
                <Input
                  {...props}
                  inputMode="numeric"
                  value={draft.sortOrder}
                  onChange={(event) => setDraft({ ...draft, sortOrder: event.target.value })}
                />
              )}
            </Field>
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
                onChange={(event) => setDraft({ ...draft, withdrawAllowed: event.target.checked })}
              />
              Withdrawals allowed
            </label>
          </div>
        )}
      </SettingForm>
    </Dialog>
  );
}

function CryptoMethods() {
  const queryClient = useQueryClient();
  const canEdit = useCan('PATCH', '/crypto/methods/:code');
  const [editing, setEditing] = useState<BackofficeCryptoMethod | null>(null);
  const key = ['backoffice', 'settings', 'crypto-methods'];
  const query = useQuery({
    queryKey: key,
    queryFn: async () => backofficeCryptoMethodListSchema.parse(await api('/crypto/methods')).items,
  });
  return (
    <Card>
      <CardHeader title="Crypto methods" description="The assets and networks players pay with." />
      <Loading query={query} />
      {query.data ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-line bg-canvas/60 text-xs text-muted">
                <th className="px-4 py-2 font-medium">Method</th>
                <th className="px-4 py-2 font-medium">Network</th>
                <th className="px-4 py-2 text-right font-medium">Min deposit</th>
                <th className="px-4 py-2 text-right font-medium">Min withdrawal</th>
                <th className="px-4 py-2 text-right font-medium">Fee</th>
                <th className="px-4 py-2 text-right font-medium">Confirmations</th>
                <th className="px-4 py-2 font-medium">Status</th>
                {canEdit ? <th className="px-4 py-2" /> : null}
              </tr>
            </thead>
            <tbody>
              {query.data.map((method) => (
                <tr key={method.code} className="border-b border-line last:border-0">
                  <td className="px-4 py-2 whitespace-nowrap">
                    <span className="font-medium">{method.code}</span>{' '}
                    <span className="text-muted">{method.name}</span>
                  </td>
                  <td className="px-4 py-2">{method.network}</td>
                  <td className="tabular px-4 py-2 text-right">{method.minDeposit}</td>
                  <td className="tabular px-4 py-2 text-right">{method.minWithdraw}</td>
                  <td className="tabular px-4 py-2 text-right">{method.withdrawFee}</td>
                  <td className="tabular px-4 py-2 text-right">{method.confirmations}</td>
                  <td className="px-4 py-2 whitespace-nowrap">
                    {method.depositEnabled ? (
                      <Badge tone="good">Deposits</Badge>
                    ) : (
                      <Badge tone="neutral">No deposits</Badge>
                    )}{' '}
                    {method.withdrawAllowed ? (
                      <Badge tone="good">Withdrawals</Badge>
                    ) : (
                      <Badge tone="neutral">No withdrawals</Badge>
                    )}
                  </td>
                  {canEdit ? (
                    <td className="px-4 py-2 text-right">
                      <Button size="sm" variant="ghost" onClick={() => setEditing(method)}>
                        Edit
                      </Button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {editing ? (
        <CryptoMethodDialog
          method={editing}
          onClose={() => setEditing(null)}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: key })}
        />
      ) : null}
    </Card>
  );
}

function PaymentMethods() {
  const queryClient = useQueryClient();
  const canEdit = useCan('PATCH', '/payments/methods/:id');
  const key = ['backoffice', 'settings', 'payment-methods'];
  const query = useQuery({
    queryKey: key,
    queryFn: async () =>
      backofficePaymentMethodListSchema.parse(await api('/payments/methods')).items,
  });
  const toggle = async (method: BackofficePaymentMethod) => {
    try {
      await api(`/payments/methods/${method.id}`, {
        method: 'PATCH',
        body: { enabled: !method.enabled },
      });
      toast.success(`${method.name} ${method.enabled ? 'turned off' : 'turned on'}`);
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };
  return (
    <Card>
      <CardHeader
        title="Payment methods"
        description="Fiat methods players deposit and withdraw with; a method turned off is not offered."
      />
      <Loading query={query} />
      {query.data ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-line bg-canvas/60 text-xs text-muted">
                <th className="px-4 py-2 font-medium">Method</th>
                <th className="px-4 py-2 font-medium">Kind</th>
                <th className="px-4 py-2 font-medium">Currency</th>
                <th className="px-4 py-2 font-medium">Offers</th>
                <th className="px-4 py-2 font-medium">Countries</th>
                <th className="px-4 py-2 font-medium">Status</th>
                {canEdit ? <th className="px-4 py-2" /> : null}
              </tr>
            </thead>
            <tbody>
              {query.data.map((method) => (
                <tr key={method.id} className="border-b border-line last:border-0">
                  <td className="px-4 py-2 whitespace-nowrap">
                    <span className="font-medium">{method.name}</span>{' '}
                    <span className="font-mono text-xs text-muted">{method.id}</span>
                  </td>
                  <td className="px-4 py-2">{method.kind}</td>
                  <td className="px-4 py-2">{method.currency}</td>
                  <td className="px-4 py-2 whitespace-nowrap">
                    {[method.deposits && 'Deposits', method.withdrawals && 'Withdrawals']
                      .filter(Boolean)
                      .join(', ')}
                  </td>
                  <td className="px-4 py-2">{method.countries?.join(', ') ?? 'All'}</td>
                  <td className="px-4 py-2">
                    {method.enabled ? (
                      <Badge tone="good">On</Badge>
                    ) : (
                      <Badge tone="neutral">Off</Badge>
                    )}
                  </td>
                  {canEdit ? (
                    <td className="px-4 py-2 text-right">
                      <Button size="sm" variant="ghost" onClick={() => void toggle(method)}>
                        Turn {method.enabled ? 'off' : 'on'}
                      </Button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </Card>
  );
}

function Requisites() {
  const queryClient = useQueryClient();
  const canEdit = useCan('PATCH', '/payments/requisites/:id');
  const canCreate = useCan('POST', '/payments/requisites');
  const key = ['backoffice', 'settings', 'requisites'];
  const query = useQuery({
    queryKey: key,
    queryFn: async () => requisiteListResponseSchema.parse(await api('/payments/requisites')),
  });
  const [draft, setDraft] = useState({ methodId: '', recipientBank: '', card: '', holderName: '' });
  const toggle = async (requisite: Requisite) => {
    try {
      await api(`/payments/requisites/${requisite.id}`, {
        method: 'PATCH',
        body: { active: !requisite.active },
      });
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };
  return (
    <Card>
      <CardHeader
        title="Payment requisites"
        description="The bank cards and accounts players pay deposits to (peer-to-peer methods)."
      />
      <Loading query={query} />
      {query.data ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-line bg-canvas/60 text-xs text-muted">
                <th className="px-4 py-2 font-medium">Method</th>
                <th className="px-4 py-2 font-medium">Bank</th>
                <th className="px-4 py-2 font-medium">Card / phone</th>
                <th className="px-4 py-2 font-medium">Holder</th>
                <th className="px-4 py-2 font-medium">Status</th>
                {canEdit ? <th className="px-4 py-2" /> : null}
              </tr>
            </thead>
            <tbody>
              {query.data.map((requisite) => (
                <tr key={requisite.id} className="border-b border-line last:border-0">
                  <td className="px-4 py-2 font-mono text-xs">{requisite.methodId}</td>
                  <td className="px-4 py-2">{requisite.recipientBank}</td>
                  <td className="px-4 py-2 font-mono text-xs">
                    {requisite.card ?? requisite.phone ?? '—'}
                  </td>
                  <td className="px-4 py-2">{requisite.holderName ?? '—'}</td>
                  <td className="px-4 py-2">
                    {requisite.active ? (
                      <Badge tone="good">Active</Badge>
                    ) : (
                      <Badge tone="neutral">Inactive</Badge>
                    )}
                  </td>
                  {canEdit ? (
                    <td className="px-4 py-2 text-right">
                      <Button size="sm" variant="ghost" onClick={() => void toggle(requisite)}>
                        {requisite.active ? 'Deactivate' : 'Activate'}
                      </Button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {canCreate ? (
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
            await queryClient.invalidateQueries({ queryKey: key });
          }}
        >
          {(error) => (
            <div className="flex flex-wrap items-end gap-2">
              {(
                [
                  ['methodId', 'Method id'],
                  ['recipientBank', 'Bank'],
                  ['card', 'Card'],
                  ['holderName', 'Holder'],
                ] as const
              ).map(([field, label]) => (
                <Field key={field} label={label} error={fieldError(error, field)}>
                  {(props) => (
                    <Input
                      {...props}
                      className="w-44"
                      value={draft[field]}
                      onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
                    />
                  )}
                </Field>
              ))}
            </div>
          )}
        </SettingForm>
      ) : null}
    </Card>
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
