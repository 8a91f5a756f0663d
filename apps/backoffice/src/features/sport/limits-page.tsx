import {
  type SportBetLimits,
  type SportCashoutSettings,
  sportBetLimitsListSchema,
  sportCashoutSettingsSchema,
} from '@casino/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Page } from '@/components/page.tsx';
import { Can } from '@/components/require.tsx';
import { SettingsTable } from '@/components/settings-card.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardHeader } from '@/components/ui/card.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { Field, InputField, Select } from '@/components/ui/field.tsx';
import { QueryState } from '@/components/ui/states.tsx';
import { api, errorMessage } from '@/lib/api.ts';
import { formatMoney, useFormatDateTime } from '@/lib/format.ts';
import { useCan } from '@/lib/me.ts';
import { useSports } from './shared.tsx';

const limitsKey = ['backoffice', 'sport', 'limits'] as const;

/** Stake limits per sport and market type, and the cash-out switch and margin. */
export function LimitsPage() {
  const limits = useQuery({
    queryKey: limitsKey,
    queryFn: async () => sportBetLimitsListSchema.parse(await api('/sport/limits')),
  });
  const canCashout = useCan('GET', '/sport/cashout-settings');
  const [editing, setEditing] = useState<SportBetLimits | 'new' | null>(null);
  const sports = useSports();
  const format = useFormatDateTime();
  const sportName = (id: number | null) =>
    id === null
      ? 'All sports'
      : (sports.data?.find((sport) => sport.id === id)?.name ?? `Sport ${id}`);
  return (
    <Page
      title="Limits and cash-out"
      description="Amounts in the base currency; an empty value inherits the wider row."
    >
      <Card>
        <CardHeader
          title="Bet limits"
          description="The global row, a sport's, or a sport's market type's (the narrowest applies)."
          actions={
            <Can method="PUT" path="/sport/limits">
              <Button size="sm" variant="primary" onClick={() => setEditing('new')}>
                Add row
              </Button>
            </Can>
          }
        />
        <QueryState query={limits}>
          {(data) => (
            <SettingsTable
              testId="limits"
              rows={data.items}
              rowKey={(row) => `${row.sportId}-${row.marketTypeId}`}
              columns={[
                {
                  header: 'Sport',
                  className: 'whitespace-nowrap',
                  cell: (row) =>
                    row.sportId === null && row.marketTypeId === null ? (
                      <Badge tone="info">Global</Badge>
                    ) : (
                      sportName(row.sportId)
                    ),
                },
                {
                  header: 'Market type',
                  headerClassName: 'whitespace-nowrap',
                  cell: (row) => row.marketTypeId ?? '—',
                },
                ...limitColumns.map(([field, header]) => ({
                  header,
                  numeric: true,
                  className: 'whitespace-nowrap',
                  headerClassName: 'whitespace-nowrap',
                  cell: (row: SportBetLimits) =>
                    row[field] === null ? (
                      <span className="text-muted">inherited</span>
                    ) : (
                      formatMoney(row[field], row.currency)
                    ),
                })),
                {
                  header: 'Bet delay',
                  numeric: true,
                  className: 'whitespace-nowrap',
                  headerClassName: 'whitespace-nowrap',
                  cell: (row) =>
                    row.betDelayMs === null ? (
                      <span className="text-muted">inherited</span>
                    ) : (
                      `${row.betDelayMs / 1000} s`
                    ),
                },
                {
                  header: 'Updated',
                  className: 'whitespace-nowrap text-muted',
                  cell: (row) => format(row.updatedAt),
                },
              ]}
              action={(row) => (
                <Can method="PUT" path="/sport/limits">
                  <Button size="sm" variant="ghost" onClick={() => setEditing(row)}>
                    Edit
                  </Button>
                </Can>
              )}
            />
          )}
        </QueryState>
      </Card>
      {editing ? <LimitsDialog row={editing} onClose={() => setEditing(null)} /> : null}
      {canCashout ? <CashoutSettingsCard /> : null}
    </Page>
  );
}

const amountFields = [
  ['minStake', 'Min stake'],
  ['maxStake', 'Max stake'],
  ['maxPayout', 'Max payout'],
  ['marketLiability', 'Market liability'],
] as const;
/** The table's amounts: the dialog's and the player liability. */
const limitColumns = [...amountFields, ['playerLiability', 'Player liability']] as const;

function LimitsDialog({ row, onClose }: { row: SportBetLimits | 'new'; onClose: () => void }) {
  const isNew = row === 'new';
  const existing = isNew ? null : row;
  const global = existing !== null && existing.sportId === null && existing.marketTypeId === null;
  const sports = useSports();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<string, string>>({
    sportId: existing?.sportId === null || existing === null ? '' : String(existing.sportId),
    marketTypeId: existing?.marketTypeId == null ? '' : String(existing.marketTypeId),
    minStake: existing?.minStake ?? '',
    maxStake: existing?.maxStake ?? '',
    maxPayout: existing?.maxPayout ?? '',
    marketLiability: existing?.marketLiability ?? '',
    playerLiability: existing?.playerLiability ?? '',
    betDelay: existing?.betDelayMs == null ? '' : String(existing.betDelayMs / 1000),
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: string) => (event: { target: { value: string } }) =>
    setValues({ ...values, [field]: event.target.value });
  const amount = (field: string) => (values[field]?.trim() ? values[field].trim() : null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const delay = values.betDelay?.trim();
      await api('/sport/limits', {
        method: 'PUT',
        body: {
          sportId: values.sportId ? Number(values.sportId) : null,
          marketTypeId: values.marketTypeId ? Number(values.marketTypeId) : null,
          minStake: amount('minStake'),
          maxStake: amount('maxStake'),
          maxPayout: amount('maxPayout'),
          marketLiability: amount('marketLiability'),
          betDelayMs: delay ? Math.round(Number(delay) * 1000) : null,
          ...(global ? { playerLiability: amount('playerLiability') } : {}),
        },
      });
      toast.success('Limits saved');
      await queryClient.invalidateQueries({ queryKey: limitsKey });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={isNew ? 'New limits row' : global ? 'Global limits' : 'Edit limits'}
      description="Amounts in USD. Empty: inherited from the wider row (the global row needs every value)."
    >
      <form onSubmit={submit} className="grid grid-cols-2 gap-3">
        {isNew ? (
          <>
            <Field label="Sport">
              {(props) => (
                <Select {...props} value={values.sportId} onChange={set('sportId')}>
                  <option value="">Choose…</option>
                  {sports.data?.map((sport) => (
                    <option key={sport.id} value={sport.id}>
                      {sport.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <InputField
              label="Market type id (optional)"
              inputMode="numeric"
              value={values.marketTypeId}
              onChange={set('marketTypeId')}
            />
          </>
        ) : null}
        {amountFields.map(([field, label]) => (
          <InputField
            key={field}
            label={label}
            inputMode="decimal"
            value={values[field]}
            onChange={set(field)}
          />
        ))}
        {global ? (
          <InputField
            label="Player liability"
            inputMode="decimal"
            value={values.playerLiability}
            onChange={set('playerLiability')}
          />
        ) : null}
        <InputField
          label="In-play bet delay (seconds)"
          inputMode="decimal"
          value={values.betDelay}
          onChange={set('betDelay')}
        />
        {error ? (
          <p
            role="alert"
            className="col-span-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700"
          >
            {error}
          </p>
        ) : null}
        <div className="col-span-2 flex justify-end gap-2">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" loading={busy}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

const cashoutKey = ['backoffice', 'sport', 'cashout-settings'] as const;

function CashoutSettingsCard() {
  const settings = useQuery({
    queryKey: cashoutKey,
    queryFn: async () => sportCashoutSettingsSchema.parse(await api('/sport/cashout-settings')),
  });
  const canEdit = useCan('PUT', '/sport/cashout-settings');
  return (
    <Card data-testid="cashout-settings">
      <CardHeader
        title="Cash-out"
        description="Offered on singles and accumulators whose open legs are active; the margin is kept from the fair value while a leg is open."
      />
      <QueryState query={settings}>
        {(data) => <CashoutForm settings={data as SportCashoutSettings} canEdit={canEdit} />}
      </QueryState>
    </Card>
  );
}

function CashoutForm({ settings, canEdit }: { settings: SportCashoutSettings; canEdit: boolean }) {
  const [enabled, setEnabled] = useState(settings.enabled);
  const [margin, setMargin] = useState(settings.marginPercent);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  useEffect(() => {
    setEnabled(settings.enabled);
    setMargin(settings.marginPercent);
  }, [settings]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api('/sport/cashout-settings', {
        method: 'PUT',
        body: { enabled, marginPercent: margin.trim() },
      });
      toast.success('Cash-out settings saved');
      await queryClient.invalidateQueries({ queryKey: cashoutKey });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-4 p-4">
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={enabled}
          disabled={!canEdit}
          onChange={(event) => setEnabled(event.target.checked)}
          className="size-4 accent-accent-600"
        />
        Cash-out offered
      </label>
      <InputField
        label="Margin (%, 0–50)"
        error={error ?? undefined}
        inputMode="decimal"
        value={margin}
        disabled={!canEdit}
        onChange={(event) => setMargin(event.target.value)}
        inputClassName="w-28"
      />
      {canEdit ? (
        <Button type="submit" variant="primary" loading={busy}>
          Save
        </Button>
      ) : null}
    </form>
  );
}
