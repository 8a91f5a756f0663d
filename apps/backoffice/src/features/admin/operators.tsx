import { type Operator, type OperatorRole, operatorRoles, operatorSchema } from '@casino/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Column, DataTable } from '@/components/data-table.tsx';
import { FormDialog, useMutationDialog } from '@/components/form-dialog.tsx';
import { apiFieldError } from '@/components/form-support.tsx';
import { NewButton, Page } from '@/components/page.tsx';
import { Can } from '@/components/require.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog.tsx';
import { InputField, TextareaField } from '@/components/ui/field.tsx';
import { api } from '@/lib/api.ts';
import { useFormatDateTime } from '@/lib/format.ts';
import { useMe } from '@/lib/me.ts';
import { defineResource } from '@/lib/resources.ts';

export const operatorsResource = defineResource({
  path: '/operators',
  item: operatorSchema,
  itemsKey: 'operators',
});

const roleLabels: Record<OperatorRole, string> = {
  admin: 'Admin',
  finance: 'Finance',
  support: 'Support',
  trading: 'Trading',
  marketing: 'Marketing',
  read_only: 'Read-only',
};

function RolePicker({
  value,
  onChange,
}: {
  value: OperatorRole[];
  onChange: (roles: OperatorRole[]) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-xs font-medium text-muted">Roles</legend>
      <div className="grid grid-cols-2 gap-1.5 sm:grid-cols-3">
        {operatorRoles.map((role) => (
          <label key={role} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={value.includes(role)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...value, role]
                    : value.filter((existing) => existing !== role),
                )
              }
            />
            {roleLabels[role]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function lines(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function AllowListField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  /** the save's failure */
  error: unknown;
}) {
  return (
    <TextareaField
      label="IP allow-list"
      hint="CIDR networks or addresses, one per line; empty: any address"
      error={apiFieldError(error, 'ipAllowList')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

function CreateOperatorDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: () => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [roles, setRoles] = useState<OperatorRole[]>(['support']);
  const [allowList, setAllowList] = useState('');
  const { submit, busy, error, message } = useMutationDialog(async () => {
    await api('/operators', {
      method: 'POST',
      body: { email, password, roles, ipAllowList: lines(allowList) },
    });
    setEmail('');
    setPassword('');
    setAllowList('');
    setRoles(['support']);
    onCreated();
    onOpenChange(false);
  });
  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title="New operator"
      description="They sign in with this e-mail and password and enrol two-factor on first sign-in."
      formClassName="flex flex-col gap-3"
      noValidate={false}
      onSubmit={submit}
      error={message}
      submitLabel="Create operator"
      submitting={busy}
      submitDisabled={roles.length === 0}
    >
      <InputField
        label="E-mail"
        error={apiFieldError(error, 'email')}
        type="email"
        required
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <InputField
        label="Password"
        hint="At least 8 characters, not a common password"
        error={apiFieldError(error, 'password')}
        type="password"
        required
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <RolePicker value={roles} onChange={setRoles} />
      <AllowListField value={allowList} onChange={setAllowList} error={error} />
    </FormDialog>
  );
}

function EditOperatorDialog({
  operator,
  onClose,
  onSaved,
}: {
  operator: Operator;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { data: me } = useMe();
  const self = me?.id === operator.id;
  const [roles, setRoles] = useState<OperatorRole[]>(operator.roles);
  const [allowList, setAllowList] = useState(operator.ipAllowList.join('\n'));
  const [confirm, setConfirm] = useState<'disable' | 'enable' | 'resetTotp' | null>(null);
  const save = async (body: Record<string, unknown>) => {
    await api(`/operators/${operator.id}`, { method: 'PATCH', body });
    onSaved();
  };
  const { submit, busy, error, message } = useMutationDialog(async () => {
    await save({ roles, ipAllowList: lines(allowList) });
    onClose();
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={operator.email}>
      <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
        <RolePicker value={roles} onChange={setRoles} />
        <AllowListField value={allowList} onChange={setAllowList} error={error} />
        {message ? (
          <p className="text-sm text-red-600" role="alert">
            {message}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-between gap-2 border-t border-line pt-3">
          <div className="flex flex-wrap gap-2">
            {self ? null : operator.disabled ? (
              <Button type="button" onClick={() => setConfirm('enable')}>
                Enable
              </Button>
            ) : (
              <Button type="button" variant="danger" onClick={() => setConfirm('disable')}>
                Disable
              </Button>
            )}
            {operator.totpEnabled ? (
              <Button type="button" onClick={() => setConfirm('resetTotp')}>
                Reset two-factor
              </Button>
            ) : null}
          </div>
          <Button type="submit" variant="primary" loading={busy} disabled={roles.length === 0}>
            Save
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={
          confirm === 'disable'
            ? `Disable ${operator.email}?`
            : confirm === 'enable'
              ? `Enable ${operator.email}?`
              : `Reset two-factor of ${operator.email}?`
        }
        description={
          confirm === 'disable'
            ? 'Their sessions end at once and they cannot sign in.'
            : confirm === 'resetTotp'
              ? 'Two-factor turns off and their sessions end; they enrol again at the next sign-in.'
              : 'They can sign in again.'
        }
        confirmLabel={confirm === 'disable' ? 'Disable' : confirm === 'enable' ? 'Enable' : 'Reset'}
        tone={confirm === 'disable' ? 'danger' : 'primary'}
        onConfirm={async () => {
          await save(
            confirm === 'resetTotp' ? { resetTotp: true } : { disabled: confirm === 'disable' },
          );
          onClose();
        }}
      />
    </Dialog>
  );
}

export function OperatorsPage() {
  const formatDateTime = useFormatDateTime();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Operator | null>(null);
  const refresh = () => void queryClient.invalidateQueries();
  const columns: Column<Operator>[] = [
    {
      id: 'email',
      header: 'E-mail',
      sortField: 'email',
      cell: (row) => <span className="font-medium">{row.email}</span>,
      csv: (row) => row.email,
    },
    {
      id: 'roles',
      header: 'Roles',
      cell: (row) => (
        <div className="flex flex-wrap gap-1">
          {row.roles.map((role) => (
            <Badge key={role} tone={role === 'admin' ? 'info' : 'neutral'}>
              {roleLabels[role]}
            </Badge>
          ))}
        </div>
      ),
      csv: (row) => row.roles.join(' '),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (row) =>
        row.disabled ? <Badge tone="bad">Disabled</Badge> : <Badge tone="good">Active</Badge>,
      csv: (row) => (row.disabled ? 'disabled' : 'active'),
    },
    {
      id: 'totp',
      header: 'Two-factor',
      cell: (row) =>
        row.totpEnabled ? <Badge tone="good">On</Badge> : <Badge tone="warn">Off</Badge>,
      csv: (row) => (row.totpEnabled ? 'on' : 'off'),
    },
    {
      id: 'ip',
      header: 'IP allow-list',
      cell: (row) =>
        row.ipAllowList.length === 0 ? (
          <span className="text-muted">Any address</span>
        ) : (
          <span className="font-mono text-xs">{row.ipAllowList.join(', ')}</span>
        ),
      csv: (row) => row.ipAllowList.join(' '),
    },
    {
      id: 'created',
      header: 'Created',
      sortField: 'createdAt',
      cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.createdAt)}</span>,
      csv: (row) => row.createdAt,
    },
  ];
  return (
    <Page
      title="Operators"
      description="Staff accounts, their roles, two-factor and where they may sign in from."
      actions={
        <Can method="POST" path="/operators">
          <NewButton onClick={() => setCreating(true)}>New operator</NewButton>
        </Can>
      }
    >
      <Card>
        <DataTable<Operator>
          resource="operators"
          columns={columns}
          initialSorters={[{ field: 'createdAt', order: 'desc' }]}
          syncWithLocation
          filters={[
            { field: 'query', label: 'E-mail', type: 'text', placeholder: 'Part of the e-mail' },
            {
              field: 'role',
              label: 'Role',
              type: 'select',
              options: operatorRoles.map((role) => ({ value: role, label: roleLabels[role] })),
            },
            {
              field: 'status',
              label: 'Status',
              type: 'select',
              options: [
                { value: 'active', label: 'Active' },
                { value: 'disabled', label: 'Disabled' },
              ],
            },
          ]}
          csv={{ filename: 'operators.csv' }}
          onRowClick={(row) => setEditing(row)}
        />
      </Card>
      <CreateOperatorDialog open={creating} onOpenChange={setCreating} onCreated={refresh} />
      {editing ? (
        <Can method="PATCH" path="/operators/:id">
          <EditOperatorDialog
            key={editing.id}
            operator={editing}
            onClose={() => setEditing(null)}
            onSaved={refresh}
          />
        </Can>
      ) : null}
    </Page>
  );
}
