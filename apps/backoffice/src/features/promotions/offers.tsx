import {
  type BackofficeOffer,
  backofficeOfferSchema,
  bonusTypes,
  newOfferBodySchema,
  updateOfferBodySchema,
} from '@casino/contract';
import { useInvalidate } from '@refinedev/core';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { type Column, DataTable } from '@/components/data-table.tsx';
import { FormDialog } from '@/components/form-dialog.tsx';
import {
  applyServerErrors,
  bodyResolver,
  CheckboxField,
  emptyToNull,
  FormError,
  fieldError,
  toNullableNumber,
  toNumber,
} from '@/components/form-support.tsx';
import { NewButton, Page } from '@/components/page.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { InputField, SelectField, TextareaField } from '@/components/ui/field.tsx';
import { api } from '@/lib/api.ts';
import { useFormatDateTime } from '@/lib/format.ts';
import { useCan } from '@/lib/me.ts';
import { defineResource } from '@/lib/resources.ts';
import { positionColumn, updatedColumn } from './columns.tsx';

export const offersResource = defineResource({
  path: '/bonuses/offers',
  item: backofficeOfferSchema,
  unpaginated: true,
});

const locales = ['en', 'ru'] as const;

/** What the form holds: every offer field, texts per locale (empty ones are left out). */
interface OfferForm {
  type: BackofficeOffer['type'];
  title: Record<string, string>;
  description: Record<string, string>;
  isEnabled: boolean;
  position: number | undefined;
  minDepositNumber: number | null;
  amountMultiplier: number | undefined;
  amountUsd: string | null;
  freespinsCount: number | undefined;
  freespinsAmountUsd: string | undefined;
  minDepositUsd: string | null;
  maxDepositUsd: string | null;
  wager: number | undefined;
  wagerFreespins: number | undefined;
  wagerMaxBetUsd: string | null;
  maxAmountUsd: string | null;
  maxAmountMultiplier: number | null;
  freespinsMaxAmountUsd: string | null;
  freespinsMaxAmountMultiplier: number | null;
  deadlineHours: number | undefined;
  gamesWagers: { gameId: string; percent: number }[];
  sportPercent: number | undefined;
}

const knownFields = [
  'type',
  'title',
  'description',
  'isEnabled',
  'position',
  'minDepositNumber',
  'amountMultiplier',
  'amountUsd',
  'freespinsCount',
  'freespinsAmountUsd',
  'minDepositUsd',
  'maxDepositUsd',
  'wager',
  'wagerFreespins',
  'wagerMaxBetUsd',
  'maxAmountUsd',
  'maxAmountMultiplier',
  'freespinsMaxAmountUsd',
  'freespinsMaxAmountMultiplier',
  'deadlineHours',
  'gamesWagers',
  'sportPercent',
] as const;

function emptyForm(): OfferForm {
  return {
    type: 'welcome',
    title: { en: '', ru: '' },
    description: { en: '', ru: '' },
    isEnabled: true,
    position: 0,
    minDepositNumber: null,
    amountMultiplier: 1,
    amountUsd: null,
    freespinsCount: 0,
    freespinsAmountUsd: '0',
    minDepositUsd: null,
    maxDepositUsd: null,
    wager: 35,
    wagerFreespins: 0,
    wagerMaxBetUsd: null,
    maxAmountUsd: null,
    maxAmountMultiplier: null,
    freespinsMaxAmountUsd: null,
    freespinsMaxAmountMultiplier: null,
    deadlineHours: 72,
    gamesWagers: [],
    sportPercent: 0,
  };
}

function formOf(offer: BackofficeOffer): OfferForm {
  return {
    ...offer,
    title: { en: '', ru: '', ...offer.title },
    description: { en: '', ru: '', ...offer.description },
    gamesWagers: offer.gamesWagers.map(({ gameId, percent }) => ({ gameId, percent })),
  };
}

/** The body the contract takes: empty translations and left-out numbers dropped. */
function bodyOf(values: OfferForm): Record<string, unknown> {
  const texts = (record: Record<string, string>) =>
    Object.fromEntries(Object.entries(record).filter(([, text]) => text.trim() !== ''));
  const description = texts(values.description);
  const body: Record<string, unknown> = {
    ...values,
    title: texts(values.title),
    description: Object.keys(description).length > 0 ? description : undefined,
  };
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || (typeof value === 'number' && Number.isNaN(value))) delete body[key];
  }
  return body;
}

/** Validates with the contract's own schema (new or update), on the body the save sends. */
function offerResolver(editing: boolean): Resolver<OfferForm> {
  return bodyResolver(editing ? updateOfferBodySchema : newOfferBodySchema, bodyOf);
}

function OfferDialog({
  offer,
  open,
  onOpenChange,
}: {
  offer: BackofficeOffer | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const invalidate = useInvalidate();
  const form = useForm<OfferForm>({
    defaultValues: offer ? formOf(offer) : emptyForm(),
    resolver: offerResolver(offer !== null),
  });
  const { register, handleSubmit, formState, setError, control } = form;
  const games = useFieldArray({ control, name: 'gamesWagers' });
  const errors = formState.errors;
  const error = (path: string) => fieldError(errors, path);

  const save = handleSubmit(async (values) => {
    try {
      await api(offer ? `/bonuses/offers/${offer.id}` : '/bonuses/offers', {
        method: offer ? 'PATCH' : 'POST',
        body: bodyOf(values),
      });
      await invalidate({ resource: 'promotions.offers', invalidates: ['list'] });
      onOpenChange(false);
    } catch (failure) {
      applyServerErrors(failure, setError, knownFields);
    }
  });

  const number = (name: keyof OfferForm, nullable = false) =>
    register(name, { setValueAs: nullable ? toNullableNumber : toNumber });
  const amount = (name: keyof OfferForm) => register(name, { setValueAs: emptyToNull });

  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title={offer ? 'Edit bonus offer' : 'New bonus offer'}
      description="Amounts in USD (converted to the player's currency); factors as numbers (0.05 = 5 %)."
      className="max-w-3xl"
      formClassName="flex flex-col gap-5"
      onSubmit={save}
      testId="offer-form"
      error={errors.root?.server?.message}
      submitLabel={offer ? 'Save offer' : 'Create offer'}
      submitting={formState.isSubmitting}
    >
      <section className="grid gap-3 sm:grid-cols-3">
        <SelectField
          label="Type"
          error={error('type')}
          options={bonusTypes}
          {...register('type')}
        />
        <InputField
          label="Position"
          hint="Lower first"
          error={error('position')}
          type="number"
          min={0}
          {...number('position')}
        />
        <InputField
          label="Deposit number"
          hint="Welcome: the step 1–4"
          error={error('minDepositNumber')}
          type="number"
          min={0}
          {...number('minDepositNumber', true)}
        />
        {locales.map((locale) => (
          <InputField
            key={`title-${locale}`}
            label={`Title (${locale}${locale === 'en' ? ', required' : ''})`}
            error={error(`title.${locale}`) ?? (locale === 'en' ? error('title') : undefined)}
            className="sm:col-span-3"
            {...register(`title.${locale}`)}
          />
        ))}
        {locales.map((locale) => (
          <TextareaField
            key={`description-${locale}`}
            label={`Description (${locale})`}
            error={error(`description.${locale}`)}
            className="sm:col-span-3"
            rows={2}
            {...register(`description.${locale}`)}
          />
        ))}
        <CheckboxField label="Enabled" {...register('isEnabled')} />
      </section>

      <Section title="Amount">
        <InputField
          label="Multiplier of the deposit"
          hint="1 = 100 %"
          error={error('amountMultiplier')}
          type="number"
          step="any"
          {...number('amountMultiplier')}
        />
        <InputField
          label="Fixed amount, USD"
          hint="Promo / wheel offers"
          error={error('amountUsd')}
          inputMode="decimal"
          {...amount('amountUsd')}
        />
        <InputField
          label="Min deposit, USD"
          error={error('minDepositUsd')}
          inputMode="decimal"
          {...amount('minDepositUsd')}
        />
        <InputField
          label="Max deposit, USD"
          error={error('maxDepositUsd')}
          inputMode="decimal"
          {...amount('maxDepositUsd')}
        />
        <InputField
          label="Max bonus, USD"
          error={error('maxAmountUsd')}
          inputMode="decimal"
          {...amount('maxAmountUsd')}
        />
        <InputField
          label="Max win multiplier"
          hint="Cap on conversion"
          error={error('maxAmountMultiplier')}
          type="number"
          step="any"
          {...number('maxAmountMultiplier', true)}
        />
      </Section>

      <Section title="Free spins">
        <InputField
          label="Count"
          error={error('freespinsCount')}
          type="number"
          min={0}
          {...number('freespinsCount')}
        />
        <InputField
          label="Stake of a spin, USD"
          error={error('freespinsAmountUsd')}
          inputMode="decimal"
          {...register('freespinsAmountUsd')}
        />
        <InputField
          label="Wager of spin wins"
          error={error('wagerFreespins')}
          type="number"
          step="any"
          {...number('wagerFreespins')}
        />
        <InputField
          label="Max spin winnings, USD"
          error={error('freespinsMaxAmountUsd')}
          inputMode="decimal"
          {...amount('freespinsMaxAmountUsd')}
        />
        <InputField
          label="Max spin win multiplier"
          error={error('freespinsMaxAmountMultiplier')}
          type="number"
          step="any"
          {...number('freespinsMaxAmountMultiplier', true)}
        />
      </Section>

      <Section title="Wagering">
        <InputField
          label="Wager (× bonus)"
          error={error('wager')}
          type="number"
          step="any"
          {...number('wager')}
        />
        <InputField
          label="Max bet, USD"
          error={error('wagerMaxBetUsd')}
          inputMode="decimal"
          {...amount('wagerMaxBetUsd')}
        />
        <InputField
          label="Deadline, hours"
          error={error('deadlineHours')}
          type="number"
          min={1}
          {...number('deadlineHours')}
        />
        <InputField
          label="Sport counts, %"
          hint="0: sport does not count"
          error={error('sportPercent')}
          type="number"
          min={0}
          max={100}
          {...number('sportPercent')}
        />
      </Section>

      <section className="flex flex-col gap-2">
        <div className="flex items-center justify-between">
          <h3 className="text-sm font-semibold">Games that count</h3>
          <Button size="sm" onClick={() => games.append({ gameId: '', percent: 100 })}>
            <Plus className="size-3.5" /> Game
          </Button>
        </div>
        {games.fields.length === 0 ? (
          <p className="text-xs text-muted">Every game counts at 100 %.</p>
        ) : null}
        {games.fields.map((row, index) => (
          <div key={row.id} className="flex items-end gap-2">
            <InputField
              label="Game id"
              error={error(`gamesWagers.${index}.gameId`)}
              className="flex-1"
              {...register(`gamesWagers.${index}.gameId`)}
            />
            <InputField
              label="Counts, %"
              error={error(`gamesWagers.${index}.percent`)}
              className="w-28"
              type="number"
              min={0}
              max={100}
              {...register(`gamesWagers.${index}.percent`, { valueAsNumber: true })}
            />
            <Button variant="ghost" aria-label="Remove game" onClick={() => games.remove(index)}>
              <Trash2 className="size-4" />
            </Button>
          </div>
        ))}
        <FormError message={error('gamesWagers')} />
      </section>
    </FormDialog>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      <div className="grid gap-3 sm:grid-cols-3">{children}</div>
    </section>
  );
}

const percent = (factor: number) => `${Math.round(factor * 10_000) / 100} %`;

export function OffersPage() {
  const formatDateTime = useFormatDateTime();
  const canCreate = useCan('POST', '/bonuses/offers');
  const canEdit = useCan('PATCH', '/bonuses/offers/:id');
  const [editing, setEditing] = useState<BackofficeOffer | 'new' | null>(null);
  const columns: Column<BackofficeOffer>[] = [
    {
      id: 'title',
      header: 'Title',
      cell: (row) => (
        <span className="font-medium">{row.title.en ?? Object.values(row.title)[0]}</span>
      ),
      csv: (row) => row.title.en,
    },
    {
      id: 'type',
      header: 'Type',
      cell: (row) => <Badge>{row.type}</Badge>,
      csv: (row) => row.type,
    },
    {
      id: 'enabled',
      header: 'Status',
      cell: (row) => (row.isEnabled ? <Badge tone="good">Enabled</Badge> : <Badge>Disabled</Badge>),
      csv: (row) => (row.isEnabled ? 'enabled' : 'disabled'),
    },
    {
      id: 'step',
      header: 'Deposit #',
      numeric: true,
      cell: (row) => row.minDepositNumber ?? '—',
      csv: (row) => row.minDepositNumber,
    },
    {
      id: 'amount',
      header: 'Bonus',
      numeric: true,
      cell: (row) => (row.amountUsd !== null ? `$${row.amountUsd}` : percent(row.amountMultiplier)),
      csv: (row) => row.amountUsd ?? row.amountMultiplier,
    },
    {
      id: 'freespins',
      header: 'Free spins',
      numeric: true,
      cell: (row) => row.freespinsCount,
      csv: (row) => row.freespinsCount,
    },
    {
      id: 'wager',
      header: 'Wager',
      numeric: true,
      cell: (row) => `×${row.wager}`,
      csv: (row) => row.wager,
    },
    {
      id: 'deadline',
      header: 'Deadline',
      numeric: true,
      cell: (row) => `${row.deadlineHours} h`,
      csv: (row) => row.deadlineHours,
    },
    positionColumn(),
    updatedColumn(formatDateTime),
  ];
  return (
    <Page
      title="Bonus offers"
      description="Welcome steps, everyday, deposit, promo and wheel offers with their conditions."
      actions={
        canCreate ? (
          <NewButton onClick={() => setEditing('new')} data-testid="new-offer">
            New offer
          </NewButton>
        ) : null
      }
    >
      <Card>
        <DataTable<BackofficeOffer>
          resource="promotions.offers"
          columns={columns}
          csv={{ filename: 'bonus-offers.csv' }}
          pageSize={50}
          {...(canEdit ? { onRowClick: (row: BackofficeOffer) => setEditing(row) } : {})}
          empty="No offers yet."
        />
      </Card>
      {editing !== null ? (
        <OfferDialog
          key={editing === 'new' ? 'new' : editing.id}
          offer={editing === 'new' ? null : editing}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      ) : null}
    </Page>
  );
}
