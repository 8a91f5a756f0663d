import {
  type BackofficePromoCode,
  backofficeOfferSchema,
  backofficePromoCodeSchema,
  firstDepositPromoSchema,
  newPromoCodeBodySchema,
  promoCodeKinds,
  updatePromoCodeBodySchema,
} from '@casino/contract';
import { useInvalidate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { type Column, DataTable } from '@/components/data-table.tsx';
import { FormDialog } from '@/components/form-dialog.tsx';
import {
  applyServerErrors,
  bodyResolver,
  CheckboxField,
  emptyToNull,
  fieldError,
  toNullableNumber,
  toNumber,
} from '@/components/form-support.tsx';
import { NewButton, Page } from '@/components/page.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardHeader } from '@/components/ui/card.tsx';
import { DateTimeField, Field, InputField, Select, SelectField } from '@/components/ui/field.tsx';
import { api, errorMessage } from '@/lib/api.ts';
import {
  instantOfZonedInput,
  useFormatDateTime,
  useTimeZone,
  zonedInputValue,
} from '@/lib/format.ts';
import { useCan } from '@/lib/me.ts';
import { defineResource } from '@/lib/resources.ts';

export const promoCodesResource = defineResource({
  path: '/promocodes',
  item: backofficePromoCodeSchema,
});

interface PromoForm {
  code: string;
  kind: BackofficePromoCode['kind'];
  amountUsd: string;
  offerId: string | null;
  usesLimit: number | null;
  perPlayerLimit: number | undefined;
  validFrom: string;
  validTo: string;
  newPlayersOnly: boolean;
  vipOnly: boolean;
  countries: string;
  isEnabled: boolean;
}

/** `datetime-local` holds the wall time of the operator's time zone; the API takes ISO instants. */
function bodyOf(values: PromoForm, timeZone: string) {
  return {
    code: values.code.trim(),
    kind: values.kind,
    amountUsd: values.amountUsd.trim() || '0',
    offerId: values.offerId,
    usesLimit: values.usesLimit,
    perPlayerLimit: values.perPlayerLimit ?? 1,
    validFrom: instantOfZonedInput(values.validFrom, timeZone),
    validTo: instantOfZonedInput(values.validTo, timeZone),
    newPlayersOnly: values.newPlayersOnly,
    vipOnly: values.vipOnly,
    countries: values.countries
      .split(/[\s,]+/)
      .filter((code) => code !== '')
      .map((code) => code.toUpperCase()),
    isEnabled: values.isEnabled,
  };
}

function promoResolver(editing: boolean, timeZone: string): Resolver<PromoForm> {
  return bodyResolver(editing ? updatePromoCodeBodySchema : newPromoCodeBodySchema, (values) =>
    bodyOf(values, timeZone),
  );
}

const offersKey = ['backoffice', 'offers-for-select'] as const;
function useOffers() {
  return useQuery({
    queryKey: offersKey,
    queryFn: async () =>
      z.object({ items: z.array(backofficeOfferSchema) }).parse(await api('/bonuses/offers')).items,
    staleTime: 60_000,
  });
}

function PromoDialog({
  promo,
  onClose,
}: {
  promo: BackofficePromoCode | null;
  onClose: () => void;
}) {
  const invalidate = useInvalidate();
  const offers = useOffers();
  const timeZone = useTimeZone();
  const form = useForm<PromoForm>({
    defaultValues: promo
      ? {
          ...promo,
          validFrom: zonedInputValue(promo.validFrom, timeZone),
          validTo: zonedInputValue(promo.validTo, timeZone),
          countries: promo.countries.join(', '),
        }
      : {
          code: '',
          kind: 'main',
          amountUsd: '',
          offerId: null,
          usesLimit: null,
          perPlayerLimit: 1,
          validFrom: '',
          validTo: '',
          newPlayersOnly: false,
          vipOnly: false,
          countries: '',
          isEnabled: true,
        },
    resolver: promoResolver(promo !== null, timeZone),
  });
  const { register, handleSubmit, formState, setError } = form;
  const error = (path: string) => fieldError(formState.errors, path);
  const save = handleSubmit(async (values) => {
    try {
      await api(promo ? `/promocodes/${promo.id}` : '/promocodes', {
        method: promo ? 'PATCH' : 'POST',
        body: bodyOf(values, timeZone),
      });
      await invalidate({ resource: 'promotions.promo-codes', invalidates: ['list'] });
      onClose();
    } catch (failure) {
      applyServerErrors(failure, setError, Object.keys(form.getValues()));
    }
  });
  return (
    <FormDialog
      onClose={onClose}
      title={promo ? `Promo code ${promo.code}` : 'New promo code'}
      description="main credits the amount; bonus grants it with the offer's conditions; conditions makes the offer the player's personal offer."
      className="max-w-2xl"
      onSubmit={save}
      error={formState.errors.root?.server?.message}
      submitLabel={promo ? 'Save code' : 'Create code'}
      submitting={formState.isSubmitting}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <InputField
          label="Code"
          error={error('code')}
          autoCapitalize="characters"
          {...register('code')}
        />
        <SelectField
          label="Kind"
          error={error('kind')}
          options={promoCodeKinds}
          {...register('kind')}
        />
        <InputField
          label="Amount, USD"
          error={error('amountUsd')}
          inputMode="decimal"
          {...register('amountUsd')}
        />
        <Field label="Offer" error={error('offerId')} className="sm:col-span-3">
          {(props) => (
            <Select {...props} {...register('offerId', { setValueAs: emptyToNull })}>
              <option value="">None</option>
              {(offers.data ?? []).map((offer) => (
                <option key={offer.id} value={offer.id}>
                  {offer.title.en} · {offer.type}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <InputField
          label="Uses limit"
          hint="Empty: unlimited"
          error={error('usesLimit')}
          type="number"
          min={1}
          {...register('usesLimit', { setValueAs: toNullableNumber })}
        />
        <InputField
          label="Per player"
          error={error('perPlayerLimit')}
          type="number"
          min={1}
          {...register('perPlayerLimit', { setValueAs: toNumber })}
        />
        <InputField
          label="Countries"
          hint="Empty: all"
          error={error('countries')}
          {...register('countries')}
        />
        <DateTimeField label="Valid from" error={error('validFrom')} {...register('validFrom')} />
        <DateTimeField label="Valid to" error={error('validTo')} {...register('validTo')} />
      </div>
      <div className="flex flex-wrap gap-4">
        <CheckboxField label="Enabled" {...register('isEnabled')} />
        <CheckboxField label="New players only" {...register('newPlayersOnly')} />
        <CheckboxField label="VIP only" {...register('vipOnly')} />
      </div>
    </FormDialog>
  );
}

function FirstDepositPromo() {
  const queryClient = useQueryClient();
  const editable = useCan('PUT', '/promocodes/first-deposit');
  const current = useQuery({
    queryKey: ['backoffice', 'first-deposit-promo'],
    queryFn: async () => firstDepositPromoSchema.parse(await api('/promocodes/first-deposit')),
  });
  const [code, setCode] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = code ?? current.data?.code ?? '';
  const save = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const saved = firstDepositPromoSchema.parse(
        await api('/promocodes/first-deposit', {
          method: 'PUT',
          body: { code: shown.trim() === '' ? null : shown.trim() },
        }),
      );
      queryClient.setQueryData(['backoffice', 'first-deposit-promo'], saved);
      setCode(null);
      setMessage('Saved');
    } catch (failure) {
      setMessage(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader
        title="First-deposit promo"
        description="The code the timed first-deposit promo presents to players without a deposit; empty: none."
      />
      <div className="flex flex-wrap items-end gap-2 p-4">
        <InputField
          label="Promo code"
          value={shown}
          disabled={!editable}
          onChange={(event) => setCode(event.target.value)}
          inputClassName="w-56"
        />
        {editable ? (
          <Button variant="primary" loading={busy} onClick={() => void save()}>
            Save
          </Button>
        ) : null}
        {message ? <span className="pb-2 text-xs text-muted">{message}</span> : null}
      </div>
    </Card>
  );
}

export function PromoCodesPage() {
  const formatDateTime = useFormatDateTime();
  const canCreate = useCan('POST', '/promocodes');
  const canEdit = useCan('PATCH', '/promocodes/:id');
  const [editing, setEditing] = useState<BackofficePromoCode | 'new' | null>(null);
  const columns: Column<BackofficePromoCode>[] = [
    {
      id: 'code',
      header: 'Code',
      cell: (row) => <span className="font-mono font-medium">{row.code}</span>,
      csv: (row) => row.code,
    },
    {
      id: 'kind',
      header: 'Kind',
      cell: (row) => <Badge>{row.kind}</Badge>,
      csv: (row) => row.kind,
    },
    {
      id: 'amount',
      header: 'Amount, USD',
      numeric: true,
      cell: (row) => row.amountUsd,
      csv: (row) => row.amountUsd,
    },
    {
      id: 'uses',
      header: 'Uses',
      numeric: true,
      cell: (row) => `${row.uses}${row.usesLimit !== null ? ` / ${row.usesLimit}` : ''}`,
      csv: (row) => row.uses,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (row) => (
        <span className="flex gap-1">
          {row.isEnabled ? <Badge tone="good">Enabled</Badge> : <Badge>Disabled</Badge>}
          {row.isFirstDepositPromo ? <Badge tone="info">First deposit</Badge> : null}
          {row.vipOnly ? <Badge tone="warn">VIP</Badge> : null}
        </span>
      ),
      csv: (row) => (row.isEnabled ? 'enabled' : 'disabled'),
    },
    {
      id: 'valid',
      header: 'Valid',
      cell: (row) => (
        <span className="whitespace-nowrap text-muted">
          {row.validFrom || row.validTo
            ? `${formatDateTime(row.validFrom)} → ${formatDateTime(row.validTo)}`
            : 'Always'}
        </span>
      ),
      csv: (row) => `${row.validFrom ?? ''} ${row.validTo ?? ''}`.trim(),
    },
  ];
  return (
    <Page
      title="Promo codes"
      actions={canCreate ? <NewButton onClick={() => setEditing('new')}>New code</NewButton> : null}
    >
      <FirstDepositPromo />
      <Card>
        <DataTable<BackofficePromoCode>
          resource="promotions.promo-codes"
          columns={columns}
          filters={[
            { field: 'code', label: 'Code', type: 'text', placeholder: 'Part of the code' },
          ]}
          csv={{ filename: 'promo-codes.csv' }}
          {...(canEdit ? { onRowClick: (row: BackofficePromoCode) => setEditing(row) } : {})}
          empty="No promo codes yet."
        />
      </Card>
      {editing !== null ? (
        <PromoDialog
          key={editing === 'new' ? 'new' : editing.id}
          promo={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Page>
  );
}
