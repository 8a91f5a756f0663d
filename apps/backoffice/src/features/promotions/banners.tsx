import {
  type BackofficeBanner,
  backofficeBannerSchema,
  bannerTypes,
  newBannerBodySchema,
  updateBannerBodySchema,
} from '@casino/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useInvalidate } from '@refinedev/core';
import { useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { type Column, DataTable } from '@/components/data-table.tsx';
import { FormButtons } from '@/components/form-dialog.tsx';
import {
  applyServerErrors,
  CheckboxField,
  FormError,
  fieldError,
  toNullableNumber,
  toNumber,
} from '@/components/form-support.tsx';
import { NewButton, Page } from '@/components/page.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { InputField, Select, SelectField, TextareaField } from '@/components/ui/field.tsx';
import { api } from '@/lib/api.ts';
import { useFormatDateTime } from '@/lib/format.ts';
import { useCan } from '@/lib/me.ts';
import { defineResource } from '@/lib/resources.ts';
import { BannerPreview } from './banner-preview.tsx';
import { enabledColumn, positionColumn, updatedColumn } from './columns.tsx';

export const bannersResource = defineResource({ path: '/banners', item: backofficeBannerSchema });

const locales = ['en', 'ru'] as const;
type Locale = (typeof locales)[number];
const descriptionKeys = ['image_bg', 'image_fg', 'image_3', 'title', 'text'] as const;
type Description = Record<(typeof descriptionKeys)[number], string>;

interface BannerForm {
  type: BackofficeBanner['type'];
  position: number | undefined;
  isEnabled: boolean;
  descriptions: Record<Locale, Description>;
  url: string;
  gameIds: string;
  providerIds: string;
  categoryKeys: string;
  promoCategoryId: number | null;
  tournamentId: string;
  geo: string;
  authorized: '' | 'true' | 'false';
  vip: '' | 'true' | 'false';
  all: boolean;
  depositsFrom: string;
  depositsTo: string;
  depositsCountFrom: number | null;
  depositsCountTo: number | null;
}

const blankDescription: Description = {
  image_bg: '',
  image_fg: '',
  image_3: '',
  title: '',
  text: '',
};

function emptyForm(): BannerForm {
  return {
    type: 'common',
    position: 0,
    isEnabled: true,
    descriptions: {
      en: { ...blankDescription, image_bg: '/banners/everyday-bg.svg' },
      ru: { ...blankDescription },
    },
    url: '/bonuses',
    gameIds: '',
    providerIds: '',
    categoryKeys: '',
    promoCategoryId: null,
    tournamentId: '',
    geo: '',
    authorized: '',
    vip: '',
    all: false,
    depositsFrom: '',
    depositsTo: '',
    depositsCountFrom: null,
    depositsCountTo: null,
  };
}

const tri = (value: boolean | null) => (value === null ? '' : value ? 'true' : 'false');
const fromTri = (value: '' | 'true' | 'false') => (value === '' ? null : value === 'true');
const list = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter((item) => item !== '');

function formOf(banner: BackofficeBanner): BannerForm {
  const description = (locale: Locale): Description => {
    const found = banner.descriptions[locale];
    if (!found) return { ...blankDescription };
    return {
      image_bg: found.image_bg,
      image_fg: found.image_fg ?? '',
      image_3: found.image_3 ?? '',
      title: found.title ?? '',
      text: found.text ?? '',
    };
  };
  const category = banner.playerCategory;
  return {
    type: banner.type,
    position: banner.position,
    isEnabled: banner.isEnabled,
    descriptions: { en: description('en'), ru: description('ru') },
    url: banner.url ?? '',
    gameIds: banner.gameIds.join(', '),
    providerIds: banner.providerIds.join(', '),
    categoryKeys: banner.categoryKeys.join(', '),
    promoCategoryId: banner.promoCategoryId,
    tournamentId: banner.tournamentId ?? '',
    geo: banner.geo.join(', '),
    authorized: tri(category.authorized),
    vip: tri(category.vip),
    all: category.all,
    depositsFrom: category.deposits_from ?? '',
    depositsTo: category.deposits_to ?? '',
    depositsCountFrom: category.deposits_count_from,
    depositsCountTo: category.deposits_count_to,
  };
}

/** The contract's body: a language without a background picture is left out. */
function bodyOf(values: BannerForm) {
  const descriptions: Record<string, Record<string, string | null>> = {};
  for (const locale of locales) {
    const description = values.descriptions[locale];
    const filled = Object.values(description).some((text) => text.trim() !== '');
    if (locale !== 'en' && !filled) continue;
    descriptions[locale] = {
      image_bg: description.image_bg.trim(),
      image_fg: description.image_fg.trim() || null,
      image_3: description.image_3.trim() || null,
      title: description.title.trim() || null,
      text: description.text.trim() || null,
    };
  }
  return {
    type: values.type,
    position: values.position ?? 0,
    isEnabled: values.isEnabled,
    descriptions,
    url: values.url.trim() || null,
    gameIds: list(values.gameIds),
    providerIds: list(values.providerIds),
    categoryKeys: list(values.categoryKeys),
    promoCategoryId: values.promoCategoryId,
    tournamentId: values.tournamentId.trim() || null,
    geo: list(values.geo).map((code) => code.toUpperCase()),
    playerCategory: {
      authorized: fromTri(values.authorized),
      vip: fromTri(values.vip),
      all: values.all,
      deposits_from: values.depositsFrom.trim() || null,
      deposits_to: values.depositsTo.trim() || null,
      deposits_count_from: values.depositsCountFrom,
      deposits_count_to: values.depositsCountTo,
    },
  };
}

/** The body's field names → the form's (server and schema errors land on the right input). */
function formPath(path: string): string {
  return path
    .replace(/^playerCategory\.deposits_from/, 'depositsFrom')
    .replace(/^playerCategory\.deposits_to/, 'depositsTo')
    .replace(/^playerCategory\.deposits_count_from/, 'depositsCountFrom')
    .replace(/^playerCategory\.deposits_count_to/, 'depositsCountTo')
    .replace(/^playerCategory\./, '')
    .replace(/^(gameIds|providerIds|categoryKeys|geo)\..*/, '$1');
}

function bannerResolver(editing: boolean): Resolver<BannerForm> {
  const schema = editing ? updateBannerBodySchema : newBannerBodySchema;
  const resolve = zodResolver(schema as never) as unknown as Resolver<Record<string, unknown>>;
  return async (values, context, options) => {
    const result = await resolve(bodyOf(values), context, {
      ...options,
      names: undefined,
    } as never);
    const flat: Record<string, { type: string; message: string }> = {};
    const walk = (node: unknown, path: string[]) => {
      if (!node || typeof node !== 'object') return;
      const entry = node as { message?: unknown; type?: unknown };
      if (typeof entry.message === 'string') {
        flat[formPath(path.join('.'))] ??= {
          type: String(entry.type ?? 'schema'),
          message: entry.message,
        };
        return;
      }
      for (const [key, child] of Object.entries(node))
        if (key !== 'ref') walk(child, [...path, key]);
    };
    walk(result.errors, []);
    if (Object.keys(flat).length === 0) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const [path, error] of Object.entries(flat)) {
      const keys = path.split('.');
      let node = errors;
      for (const key of keys.slice(0, -1)) {
        if (!node[key]) node[key] = {};
        node = node[key] as Record<string, unknown>;
      }
      node[keys.at(-1) ?? 'root'] = error;
    }
    return { values: {}, errors } as never;
  };
}

const formFields = [
  'type',
  'position',
  'isEnabled',
  'descriptions',
  'url',
  'gameIds',
  'providerIds',
  'categoryKeys',
  'promoCategoryId',
  'tournamentId',
  'geo',
  'authorized',
  'vip',
  'all',
  'depositsFrom',
  'depositsTo',
  'depositsCountFrom',
  'depositsCountTo',
];

function BannerDialog({
  banner,
  onClose,
}: {
  banner: BackofficeBanner | null;
  onClose: () => void;
}) {
  const invalidate = useInvalidate();
  const [previewLocale, setPreviewLocale] = useState<Locale>('en');
  const form = useForm<BannerForm>({
    defaultValues: banner ? formOf(banner) : emptyForm(),
    resolver: bannerResolver(banner !== null),
  });
  const { register, handleSubmit, formState, setError, control } = form;
  const watched = useWatch({ control });
  const errors = formState.errors;
  const error = (path: string) => fieldError(errors, path);

  const save = handleSubmit(async (values) => {
    try {
      await api(banner ? `/banners/${banner.id}` : '/banners', {
        method: banner ? 'PATCH' : 'POST',
        body: bodyOf(values),
      });
      await invalidate({ resource: 'promotions.banners', invalidates: ['list'] });
      onClose();
    } catch (failure) {
      if (failure && typeof failure === 'object' && 'errors' in failure && failure.errors) {
        const renamed = Object.fromEntries(
          Object.entries(failure.errors as Record<string, string[]>).map(([path, messages]) => [
            formPath(path),
            messages,
          ]),
        );
        Object.assign(failure, { errors: renamed });
      }
      applyServerErrors(failure, setError, formFields);
    }
  });

  const previewDescriptions: Record<string, Record<string, string | null>> = {};
  for (const locale of locales) {
    const description = watched.descriptions?.[locale];
    if (description && Object.values(description).some((text) => (text ?? '').trim() !== '')) {
      previewDescriptions[locale] = {
        image_bg: description.image_bg ?? '',
        image_fg: description.image_fg || null,
        image_3: description.image_3 || null,
        title: description.title || null,
        text: description.text || null,
      };
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={banner ? 'Edit banner' : 'New banner'}
      description="Pictures are paths of ours (/banners/…) or https addresses. English is required; other languages fall back to it."
      className="max-w-6xl"
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
        <form
          onSubmit={save}
          className="flex min-w-0 flex-col gap-4"
          noValidate
          data-testid="banner-form"
        >
          <div className="grid gap-3 sm:grid-cols-3">
            <SelectField
              label="Type"
              error={error('type')}
              options={bannerTypes}
              {...register('type')}
            />
            <InputField
              label="Position"
              error={error('position')}
              type="number"
              min={0}
              {...register('position', { setValueAs: toNumber })}
            />
            <div className="flex items-end pb-2">
              <CheckboxField label="Enabled" {...register('isEnabled')} />
            </div>
          </div>
          {locales.map((locale) => (
            <fieldset
              key={locale}
              className="grid gap-3 rounded-md border border-line p-3 sm:grid-cols-2"
            >
              <legend className="px-1 text-xs font-semibold uppercase text-muted">
                {locale === 'en' ? 'English (required)' : 'Russian'}
              </legend>
              <InputField
                label="Title"
                error={error(`descriptions.${locale}.title`)}
                data-testid={`banner-title-${locale}`}
                {...register(`descriptions.${locale}.title`)}
              />
              <TextareaField
                label="Text"
                error={error(`descriptions.${locale}.text`)}
                rows={1}
                {...register(`descriptions.${locale}.text`)}
              />
              <InputField
                label="Background picture"
                error={error(`descriptions.${locale}.image_bg`) ?? error(`descriptions.${locale}`)}
                {...register(`descriptions.${locale}.image_bg`)}
              />
              <InputField
                label="Foreground picture"
                error={error(`descriptions.${locale}.image_fg`)}
                {...register(`descriptions.${locale}.image_fg`)}
              />
              <InputField
                label="Decoration layer"
                error={error(`descriptions.${locale}.image_3`)}
                className="sm:col-span-2"
                {...register(`descriptions.${locale}.image_3`)}
              />
            </fieldset>
          ))}
          <div className="grid gap-3 sm:grid-cols-2">
            <InputField
              label="Link"
              hint="/path or https://…"
              error={error('url')}
              {...register('url')}
            />
            <InputField
              label="Tournament id"
              error={error('tournamentId')}
              {...register('tournamentId')}
            />
            <InputField
              label="Game ids"
              hint="Comma-separated"
              error={error('gameIds')}
              {...register('gameIds')}
            />
            <InputField
              label="Studio ids"
              hint="Comma-separated"
              error={error('providerIds')}
              {...register('providerIds')}
            />
            <InputField
              label="Category keys"
              error={error('categoryKeys')}
              {...register('categoryKeys')}
            />
            <InputField
              label="Promo category id"
              error={error('promoCategoryId')}
              type="number"
              {...register('promoCategoryId', { setValueAs: toNullableNumber })}
            />
            <InputField
              label="Countries"
              hint="ISO codes; empty: everywhere"
              error={error('geo')}
              className="sm:col-span-2"
              {...register('geo')}
            />
          </div>
          <fieldset className="grid gap-3 rounded-md border border-line p-3 sm:grid-cols-3">
            <legend className="px-1 text-xs font-semibold uppercase text-muted">Who sees it</legend>
            <SelectField
              label="Signed in"
              error={error('authorized')}
              empty="Everyone"
              options={[
                { value: 'true', label: 'Signed-in players' },
                { value: 'false', label: 'Guests' },
              ]}
              {...register('authorized')}
            />
            <SelectField
              label="VIP"
              error={error('vip')}
              empty="Everyone"
              options={[
                { value: 'true', label: 'VIP only' },
                { value: 'false', label: 'Not VIP' },
              ]}
              {...register('vip')}
            />
            <div className="flex items-end pb-2">
              <CheckboxField label="All (ignore VIP rule)" {...register('all')} />
            </div>
            <InputField
              label="Deposits from, USD"
              error={error('depositsFrom')}
              inputMode="decimal"
              {...register('depositsFrom')}
            />
            <InputField
              label="Deposits to, USD"
              error={error('depositsTo')}
              inputMode="decimal"
              {...register('depositsTo')}
            />
            <span />
            <InputField
              label="Deposit count from"
              error={error('depositsCountFrom')}
              type="number"
              min={0}
              {...register('depositsCountFrom', { setValueAs: toNullableNumber })}
            />
            <InputField
              label="Deposit count to"
              error={error('depositsCountTo')}
              type="number"
              min={0}
              {...register('depositsCountTo', { setValueAs: toNullableNumber })}
            />
          </fieldset>
          <FormError message={errors.root?.server?.message} />
          <FormButtons
            onCancel={onClose}
            submitLabel={banner ? 'Save banner' : 'Create banner'}
            submitting={formState.isSubmitting}
          />
        </form>
        <div className="flex min-w-0 flex-col gap-3 self-start lg:sticky lg:top-0">
          <div className="flex items-center justify-between">
            <h3 className="text-sm font-semibold">Live preview</h3>
            <Select
              aria-label="Preview language"
              value={previewLocale}
              onChange={(event) => setPreviewLocale(event.target.value as Locale)}
              className="w-auto"
            >
              {locales.map((locale) => (
                <option key={locale} value={locale}>
                  {locale}
                </option>
              ))}
            </Select>
          </div>
          <BannerPreview
            values={{
              type: watched.type ?? 'common',
              locale: previewLocale,
              descriptions: previewDescriptions,
            }}
          />
        </div>
      </div>
    </Dialog>
  );
}

export function BannersPage() {
  const formatDateTime = useFormatDateTime();
  const canCreate = useCan('POST', '/banners');
  const canEdit = useCan('PATCH', '/banners/:id');
  const [editing, setEditing] = useState<BackofficeBanner | 'new' | null>(null);
  const columns: Column<BackofficeBanner>[] = [
    {
      id: 'preview',
      header: '',
      cell: (row) => {
        const picture = row.descriptions.en?.image_bg;
        return picture ? (
          <img src={picture} alt="" className="h-8 w-24 rounded object-cover" />
        ) : null;
      },
    },
    {
      id: 'title',
      header: 'Title',
      cell: (row) => <span className="font-medium">{row.descriptions.en?.title ?? '—'}</span>,
      csv: (row) => row.descriptions.en?.title,
    },
    {
      id: 'type',
      header: 'Type',
      cell: (row) => <Badge>{row.type}</Badge>,
      csv: (row) => row.type,
    },
    enabledColumn(),
    {
      id: 'geo',
      header: 'Countries',
      cell: (row) => (row.geo.length > 0 ? row.geo.join(', ') : 'All'),
      csv: (row) => row.geo.join(' '),
    },
    positionColumn(),
    updatedColumn(formatDateTime),
  ];
  return (
    <Page
      title="Banners"
      description="The home carousel and the exit window, with who sees each banner."
      actions={
        canCreate ? (
          <NewButton onClick={() => setEditing('new')} data-testid="new-banner">
            New banner
          </NewButton>
        ) : null
      }
    >
      <Card>
        <DataTable<BackofficeBanner>
          resource="promotions.banners"
          columns={columns}
          filters={[
            {
              field: 'type',
              label: 'Type',
              type: 'select',
              options: bannerTypes.map((type) => ({ value: type, label: type })),
            },
          ]}
          csv={{ filename: 'banners.csv' }}
          {...(canEdit ? { onRowClick: (row: BackofficeBanner) => setEditing(row) } : {})}
          empty="No banners yet."
        />
      </Card>
      {editing !== null ? (
        <BannerDialog
          key={editing === 'new' ? 'new' : editing.id}
          banner={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Page>
  );
}
