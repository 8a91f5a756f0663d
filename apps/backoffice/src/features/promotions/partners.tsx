import {
  type BackofficePartner,
  backofficePartnerSchema,
  partnerBodySchema,
} from '@casino/contract';
import { useInvalidate } from '@refinedev/core';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type Column, DataTable } from '@/components/data-table.tsx';
import { FormDialog } from '@/components/form-dialog.tsx';
import {
  applyServerErrors,
  bodyResolver,
  CheckboxField,
  fieldError,
  toNumber,
} from '@/components/form-support.tsx';
import { NewButton, Page } from '@/components/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { ConfirmDialog } from '@/components/ui/dialog.tsx';
import { InputField, TextareaField } from '@/components/ui/field.tsx';
import { api } from '@/lib/api.ts';
import { useCan } from '@/lib/me.ts';
import { defineResource } from '@/lib/resources.ts';
import { enabledColumn, positionColumn } from './columns.tsx';

export const partnersResource = defineResource({
  path: '/partners',
  item: backofficePartnerSchema,
  unpaginated: true,
  updateMethod: 'PUT',
});

interface PartnerForm {
  id: string;
  position: number | undefined;
  isEnabled: boolean;
  image: string;
  url: string;
  titleEn: string;
  descriptionEn: string;
  titleRu: string;
  descriptionRu: string;
}

function bodyOf(values: PartnerForm) {
  const descriptions: Record<string, { title: string; description: string }> = {
    en: { title: values.titleEn, description: values.descriptionEn },
  };
  if (values.titleRu.trim() !== '' || values.descriptionRu.trim() !== '') {
    descriptions.ru = { title: values.titleRu, description: values.descriptionRu };
  }
  return {
    id: values.id.trim(),
    position: values.position ?? 0,
    isEnabled: values.isEnabled,
    image: values.image.trim(),
    url: values.url.trim(),
    descriptions,
  };
}

const resolver = bodyResolver<PartnerForm>(partnerBodySchema, bodyOf, (errors) => {
  const descriptions = errors.descriptions as Record<string, Record<string, unknown>> | undefined;
  return {
    ...errors,
    ...(descriptions?.en?.title ? { titleEn: descriptions.en.title } : {}),
    ...(descriptions?.en?.description ? { descriptionEn: descriptions.en.description } : {}),
    ...(descriptions?.ru?.title ? { titleRu: descriptions.ru.title } : {}),
    ...(descriptions?.ru?.description ? { descriptionRu: descriptions.ru.description } : {}),
  };
});

function PartnerDialog({
  partner,
  onClose,
}: {
  partner: BackofficePartner | null;
  onClose: () => void;
}) {
  const invalidate = useInvalidate();
  const form = useForm<PartnerForm>({
    defaultValues: {
      id: partner?.id ?? '',
      position: partner?.position ?? 0,
      isEnabled: partner?.isEnabled ?? true,
      image: partner?.image ?? '',
      url: partner?.url ?? 'https://',
      titleEn: partner?.descriptions.en?.title ?? '',
      descriptionEn: partner?.descriptions.en?.description ?? '',
      titleRu: partner?.descriptions.ru?.title ?? '',
      descriptionRu: partner?.descriptions.ru?.description ?? '',
    },
    resolver,
  });
  const { register, handleSubmit, formState, setError } = form;
  const error = (path: string) => fieldError(formState.errors, path);
  const save = handleSubmit(async (values) => {
    const body = bodyOf(values);
    try {
      await api(`/partners/${encodeURIComponent(body.id)}`, { method: 'PUT', body });
      await invalidate({ resource: 'promotions.partners', invalidates: ['list'] });
      onClose();
    } catch (failure) {
      applyServerErrors(failure, setError, ['id', 'position', 'isEnabled', 'image', 'url']);
    }
  });
  return (
    <FormDialog
      onClose={onClose}
      title={partner ? `Partner ${partner.id}` : 'New partner'}
      className="max-w-2xl"
      formClassName="grid gap-3 sm:grid-cols-2"
      span="sm:col-span-2"
      onSubmit={save}
      error={formState.errors.root?.server?.message}
      submitLabel="Save partner"
      submitting={formState.isSubmitting}
    >
      <InputField label="Id" error={error('id')} disabled={partner !== null} {...register('id')} />
      <InputField
        label="Position"
        error={error('position')}
        type="number"
        min={0}
        {...register('position', { setValueAs: toNumber })}
      />
      <InputField
        label="Logo"
        hint="/path or https://…"
        error={error('image')}
        {...register('image')}
      />
      <InputField label="Link (https)" error={error('url')} {...register('url')} />
      <InputField
        label="Title (en)"
        error={error('titleEn') ?? error('descriptions')}
        {...register('titleEn')}
      />
      <InputField label="Title (ru)" error={error('titleRu')} {...register('titleRu')} />
      <TextareaField
        label="Description (en)"
        error={error('descriptionEn')}
        rows={3}
        {...register('descriptionEn')}
      />
      <TextareaField
        label="Description (ru)"
        error={error('descriptionRu')}
        rows={3}
        {...register('descriptionRu')}
      />
      <CheckboxField label="Enabled" {...register('isEnabled')} />
    </FormDialog>
  );
}

export function PartnersPage() {
  const invalidate = useInvalidate();
  const canWrite = useCan('PUT', '/partners/:id');
  const canRemove = useCan('DELETE', '/partners/:id');
  const [editing, setEditing] = useState<BackofficePartner | 'new' | null>(null);
  const [removing, setRemoving] = useState<BackofficePartner | null>(null);
  const columns: Column<BackofficePartner>[] = [
    {
      id: 'logo',
      header: '',
      cell: (row) => <img src={row.image} alt="" className="h-6 w-16 object-contain" />,
    },
    {
      id: 'title',
      header: 'Partner',
      cell: (row) => (
        <span className="flex flex-col">
          <span className="font-medium">{row.descriptions.en?.title ?? row.id}</span>
          <span className="text-xs text-muted">{row.url}</span>
        </span>
      ),
      csv: (row) => row.descriptions.en?.title,
    },
    enabledColumn(),
    positionColumn(),
    {
      id: 'actions',
      header: '',
      cell: (row) =>
        canRemove ? (
          <Button
            size="sm"
            variant="ghost"
            aria-label="Remove partner"
            onClick={(event) => {
              event.stopPropagation();
              setRemoving(row);
            }}
          >
            <Trash2 className="size-3.5" />
          </Button>
        ) : null,
    },
  ];
  return (
    <Page
      title="Partners"
      description="The partners section of the player app."
      actions={
        canWrite ? <NewButton onClick={() => setEditing('new')}>New partner</NewButton> : null
      }
    >
      <Card>
        <DataTable<BackofficePartner>
          resource="promotions.partners"
          columns={columns}
          csv={{ filename: 'partners.csv' }}
          {...(canWrite ? { onRowClick: (row: BackofficePartner) => setEditing(row) } : {})}
          empty="No partners yet."
        />
      </Card>
      {editing !== null ? (
        <PartnerDialog
          key={editing === 'new' ? 'new' : editing.id}
          partner={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={`Remove partner ${removing?.id ?? ''}?`}
        confirmLabel="Remove"
        tone="danger"
        onConfirm={async () => {
          if (!removing) return;
          await api(`/partners/${encodeURIComponent(removing.id)}`, { method: 'DELETE' });
          await invalidate({ resource: 'promotions.partners', invalidates: ['list'] });
        }}
      />
    </Page>
  );
}
