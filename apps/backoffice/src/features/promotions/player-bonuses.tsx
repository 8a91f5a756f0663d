import {
  assignPersonalOfferBodySchema,
  backofficeOfferSchema,
  backofficeUserBonusesSchema,
  depositBonusTableBodySchema,
  depositBonusTableSchema,
  personalOfferSchema,
  type UserBonus,
} from '@casino/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  applyServerErrors,
  emptyToNull,
  FormError,
  fieldError,
} from '@/components/form-support.tsx';
import { Page } from '@/components/page.tsx';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardHeader } from '@/components/ui/card.tsx';
import { DateTimeField, Field, Input, InputField, Select } from '@/components/ui/field.tsx';
import { EmptyState, ErrorState, QueryState, Spinner } from '@/components/ui/states.tsx';
import { api } from '@/lib/api.ts';
import { formatMoney, instantOfZonedInput, useFormatDateTime, useTimeZone } from '@/lib/format.ts';
import { useCan } from '@/lib/me.ts';

function useOffers() {
  return useQuery({
    queryKey: ['backoffice', 'offers-for-select'],
    queryFn: async () =>
      z.object({ items: z.array(backofficeOfferSchema) }).parse(await api('/bonuses/offers')).items,
    staleTime: 60_000,
  });
}

// ─── deposit bonus by currency ──────────────────────────────────────────────────────────────

interface DepositRow {
  code: string;
  network: string | null;
  fraction: number;
  offerId: string | null;
  isEnabled: boolean;
}

function DepositBonusEditor({ initial, editable }: { initial: DepositRow[]; editable: boolean }) {
  const queryClient = useQueryClient();
  const offers = useOffers();
  const form = useForm<{ items: DepositRow[] }>({
    defaultValues: { items: initial },
    resolver: zodResolver(depositBonusTableBodySchema as never) as never,
  });
  const { register, control, handleSubmit, formState, setError, reset } = form;
  const rows = useFieldArray({ control, name: 'items' });
  const error = (path: string) => fieldError(formState.errors, path);
  const save = handleSubmit(async (values) => {
    try {
      const saved = depositBonusTableSchema.parse(
        await api('/bonuses/deposit-bonus', { method: 'PUT', body: values }),
      );
      queryClient.setQueryData(['backoffice', 'deposit-bonus'], saved);
      reset({ items: saved.items });
    } catch (failure) {
      applyServerErrors(failure, setError, ['items']);
    }
  });
  return (
    <form onSubmit={save} noValidate>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm">
          <thead>
            <tr className="border-b border-line bg-canvas/60 text-xs text-muted">
              <th className="px-4 py-2 font-medium">Currency</th>
              <th className="px-4 py-2 font-medium">Network</th>
              <th className="px-4 py-2 font-medium">Fraction</th>
              <th className="px-4 py-2 font-medium">Conditions of</th>
              <th className="px-4 py-2 font-medium">Enabled</th>
              <th className="px-4 py-2" />
            </tr>
          </thead>
          <tbody>
            {rows.fields.map((row, index) => {
              const rowError =
                error(`items.${index}.code`) ??
                error(`items.${index}.network`) ??
                error(`items.${index}.fraction`) ??
                error(`items.${index}.offerId`);
              return (
                <tr key={row.id} className="border-b border-line align-top last:border-0">
                  <td className="px-4 py-2">
                    <Input
                      aria-label="Currency"
                      className="w-24"
                      disabled={!editable}
                      {...register(`items.${index}.code`)}
                    />
                    {rowError ? <p className="mt-1 text-xs text-red-600">{rowError}</p> : null}
                  </td>
                  <td className="px-4 py-2">
                    <Input
                      aria-label="Network"
                      className="w-28"
                      placeholder="Any"
                      disabled={!editable}
                      {...register(`items.${index}.network`, { setValueAs: emptyToNull })}
                    />
                  </td>
                  <td className="px-4 py-2">
                    <Input
                      aria-label="Fraction"
                      type="number"
                      step="any"
                      className="w-24"
                      disabled={!editable}
                      {...register(`items.${index}.fraction`, { valueAsNumber: true })}
                    />
                  </td>
                  <td className="px-4 py-2">
                    <Select
                      aria-label="Offer"
                      className="w-56"
                      disabled={!editable}
                      {...register(`items.${index}.offerId`, { setValueAs: emptyToNull })}
                    >
                      <option value="">First enabled deposit offer</option>
                      {(offers.data ?? []).map((offer) => (
                        <option key={offer.id} value={offer.id}>
                          {offer.title.en} · {offer.type}
                        </option>
                      ))}
                    </Select>
                  </td>
                  <td className="px-4 py-2">
                    <input
                      type="checkbox"
                      aria-label="Enabled"
                      className="mt-2 size-4 accent-accent-600"
                      disabled={!editable}
                      {...register(`items.${index}.isEnabled`)}
                    />
                  </td>
                  <td className="px-4 py-2 text-right">
                    {editable ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label="Remove row"
                        onClick={() => rows.remove(index)}
                      >
                        <Trash2 className="size-3.5" />
                      </Button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {rows.fields.length === 0 ? (
          <EmptyState>No deposit bonus in any currency.</EmptyState>
        ) : null}
      </div>
      {editable ? (
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line px-4 py-3">
          <Button
            size="sm"
            onClick={() =>
              rows.append({
                code: '',
                network: null,
                fraction: 0.05,
                offerId: null,
                isEnabled: true,
              })
            }
          >
            <Plus className="size-3.5" /> Currency
          </Button>
          <div className="flex items-center gap-2">
            <FormError message={error('items') ?? formState.errors.root?.server?.message} />
            <Button
              type="submit"
              variant="primary"
              loading={formState.isSubmitting}
              disabled={!formState.isDirty}
            >
              Save table
            </Button>
          </div>
        </div>
      ) : null}
    </form>
  );
}

export function DepositBonusPage() {
  const editable = useCan('PUT', '/bonuses/deposit-bonus');
  const table = useQuery({
    queryKey: ['backoffice', 'deposit-bonus'],
    queryFn: async () => depositBonusTableSchema.parse(await api('/bonuses/deposit-bonus')),
  });
  return (
    <Page
      title="Deposit bonus"
      description="The bonus a deposit receives by currency (and network): a fraction of the deposit, 0.05 = +5 %."
    >
      <Card>
        <CardHeader title="By currency" />
        <QueryState query={table} spinnerClassName="p-6">
          {(data) => (
            <DepositBonusEditor
              initial={data.items.map((row) => ({ ...row }))}
              editable={editable}
            />
          )}
        </QueryState>
      </Card>
    </Page>
  );
}

// ─── personal offers ────────────────────────────────────────────────────────────────────────

export function PersonalBonusPage() {
  const offers = useOffers();
  const formatDateTime = useFormatDateTime();
  const timeZone = useTimeZone();
  const [assigned, setAssigned] = useState<z.infer<typeof personalOfferSchema> | null>(null);
  const form = useForm<{ offerId: string; globalId: string; expiresAt: string }>({
    defaultValues: { offerId: '', globalId: '', expiresAt: '' },
  });
  const { register, handleSubmit, formState, setError } = form;
  const error = (path: string) => fieldError(formState.errors, path);
  const save = handleSubmit(async (values) => {
    const body = {
      offerId: values.offerId,
      globalId: values.globalId.trim(),
      expiresAt: instantOfZonedInput(values.expiresAt, timeZone),
    };
    const parsed = assignPersonalOfferBodySchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        setError(String(issue.path[0]) as 'offerId', { message: issue.message });
      }
      return;
    }
    try {
      setAssigned(
        personalOfferSchema.parse(
          await api('/bonuses/personal', { method: 'POST', body: parsed.data }),
        ),
      );
    } catch (failure) {
      applyServerErrors(failure, setError, ['offerId', 'globalId', 'expiresAt']);
    }
  });
  return (
    <Page
      title="Personal bonuses"
      description="The player's next qualifying deposit receives the offer, once."
    >
      <Card>
        <CardHeader title="Assign an offer to a player" />
        <form onSubmit={save} noValidate className="grid gap-3 p-4 sm:grid-cols-4">
          <InputField
            label="Player globalId"
            error={error('globalId')}
            inputMode="numeric"
            {...register('globalId')}
          />
          <Field label="Offer" error={error('offerId')} className="sm:col-span-2">
            {(props) => (
              <Select {...props} {...register('offerId')}>
                <option value="">Choose an offer</option>
                {(offers.data ?? []).map((offer) => (
                  <option key={offer.id} value={offer.id}>
                    {offer.title.en} · {offer.type}
                    {offer.isEnabled ? '' : ' (disabled)'}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <DateTimeField
            label="Expires"
            note="Empty: never."
            error={error('expiresAt')}
            {...register('expiresAt')}
          />
          <div className="flex items-center gap-3 sm:col-span-4">
            <Button type="submit" variant="primary" loading={formState.isSubmitting}>
              Assign offer
            </Button>
            <FormError message={formState.errors.root?.server?.message} />
            {assigned ? (
              <span className="text-sm text-muted" role="status">
                Assigned to #{assigned.globalId}
                {assigned.expiresAt ? `, until ${formatDateTime(assigned.expiresAt)}` : ''}.
              </span>
            ) : null}
          </div>
        </form>
      </Card>
    </Page>
  );
}

// ─── a player's bonuses ─────────────────────────────────────────────────────────────────────

const statusTones: Record<UserBonus['status'], BadgeTone> = {
  active: 'good',
  pending: 'info',
  completed: 'neutral',
  expired: 'warn',
  forfeited: 'warn',
  lost: 'bad',
};

export function UserBonusesPage() {
  const formatDateTime = useFormatDateTime();
  const [search, setSearch] = useSearchParams();
  const globalId = search.get('globalId') ?? '';
  const [text, setText] = useState(globalId);
  const bonuses = useQuery({
    queryKey: ['backoffice', 'user-bonuses', globalId],
    enabled: /^\d{1,18}$/.test(globalId),
    queryFn: async () =>
      backofficeUserBonusesSchema.parse(await api('/bonuses/user', { query: { globalId } })),
  });
  return (
    <Page title="Players' bonuses" description="Every bonus of a player, newest first.">
      <Card>
        <form
          className="flex flex-wrap items-end gap-2 border-b border-line px-4 py-3"
          onSubmit={(event) => {
            event.preventDefault();
            setSearch(text.trim() ? { globalId: text.trim() } : {});
          }}
        >
          <InputField
            label="Player globalId"
            inputMode="numeric"
            value={text}
            onChange={(event) => setText(event.target.value)}
            inputClassName="w-48"
          />
          <Button type="submit" variant="primary">
            Show bonuses
          </Button>
        </form>
        {globalId === '' ? (
          <EmptyState>Enter a player's globalId.</EmptyState>
        ) : !/^\d{1,18}$/.test(globalId) ? (
          <EmptyState>A globalId is digits only.</EmptyState>
        ) : bonuses.isLoading ? (
          <div className="p-6">
            <Spinner />
          </div>
        ) : bonuses.isError ? (
          <ErrorState error={bonuses.error} />
        ) : (bonuses.data?.items ?? []).length === 0 ? (
          <EmptyState>This player has no bonus.</EmptyState>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-left text-sm">
              <thead>
                <tr className="border-b border-line bg-canvas/60 text-xs text-muted">
                  <th className="px-4 py-2 font-medium">Bonus</th>
                  <th className="px-4 py-2 font-medium">Status</th>
                  <th className="px-4 py-2 text-right font-medium">Amount</th>
                  <th className="px-4 py-2 text-right font-medium">Balance</th>
                  <th className="px-4 py-2 text-right font-medium">Wagered</th>
                  <th className="px-4 py-2 text-right font-medium">Free spins</th>
                  <th className="px-4 py-2 font-medium">Created</th>
                  <th className="px-4 py-2 font-medium">Expires</th>
                </tr>
              </thead>
              <tbody>
                {(bonuses.data?.items ?? []).map((bonus) => (
                  <tr key={bonus.id} className="border-b border-line last:border-0">
                    <td className="px-4 py-2">
                      <span className="font-medium">{bonus.title}</span>
                      <span className="block text-xs text-muted">{bonus.type}</span>
                    </td>
                    <td className="px-4 py-2">
                      <Badge tone={statusTones[bonus.status]}>{bonus.status}</Badge>
                    </td>
                    <td className="tabular px-4 py-2 text-right">
                      {formatMoney(bonus.amount, bonus.currency)}
                    </td>
                    <td className="tabular px-4 py-2 text-right">
                      {formatMoney(bonus.balance, bonus.currency)}
                    </td>
                    <td className="tabular px-4 py-2 text-right whitespace-nowrap">
                      {formatMoney(bonus.wager.current, bonus.currency)} /{' '}
                      {formatMoney(bonus.wager.total, bonus.currency)}
                    </td>
                    <td className="tabular px-4 py-2 text-right">
                      {bonus.freespins.left} / {bonus.freespins.total}
                    </td>
                    <td className="px-4 py-2 whitespace-nowrap text-muted">
                      {formatDateTime(bonus.createdAt)}
                    </td>
                    <td className="px-4 py-2 whitespace-nowrap text-muted">
                      {formatDateTime(bonus.expiresAt)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </Page>
  );
}
