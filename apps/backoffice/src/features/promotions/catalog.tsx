import {
  type BackofficeGameListItem,
  type BackofficeStudio,
  backofficeGameCategoriesSchema,
  backofficeGameListItemSchema,
  backofficeStudiosSchema,
  type GameBlacklistRule,
  gameBlacklistRuleSchema,
  gameLabels,
  newGameBlacklistRuleBodySchema,
  originalRtpBounds,
  type SeamlessGame,
  type SeamlessProvider,
  seamlessGameListSchema,
  seamlessProviderSchema,
  updateGameBodySchema,
} from '@casino/contract';
import { useInvalidate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type Column, DataTable } from '@/components/data-table.tsx';
import { FormDialog } from '@/components/form-dialog.tsx';
import {
  applyServerErrors,
  CheckboxField,
  emptyToNull,
  fieldError,
} from '@/components/form-support.tsx';
import { NewButton, Page } from '@/components/page.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardHeader } from '@/components/ui/card.tsx';
import { ConfirmDialog } from '@/components/ui/dialog.tsx';
import { InputField, SelectField } from '@/components/ui/field.tsx';
import { EmptyState, ErrorState, Spinner } from '@/components/ui/states.tsx';
import { api } from '@/lib/api.ts';
import { useCan } from '@/lib/me.ts';
import { defineResource } from '@/lib/resources.ts';
import { ProviderDialog, ProviderGameDialog } from './aggregators.tsx';

export const gamesResource = defineResource({ path: '/games', item: backofficeGameListItemSchema });
export const blacklistsResource = defineResource({
  path: '/games/blacklists',
  item: gameBlacklistRuleSchema,
});
export const seamlessProvidersResource = defineResource({
  path: '/seamless/providers',
  item: seamlessProviderSchema,
  unpaginated: true,
});

const rtpPercent = (rtp: string) => `${(Number(rtp) * 100).toFixed(2)} %`;

function useStudios() {
  return useQuery({
    queryKey: ['backoffice', 'studios'],
    queryFn: async () => backofficeStudiosSchema.parse(await api('/games/studios')).items,
    staleTime: 60_000,
  });
}

function GameDialog({ game, onClose }: { game: BackofficeGameListItem; onClose: () => void }) {
  const invalidate = useInvalidate();
  const original = game.engine !== 'external';
  const form = useForm<{ enabled: boolean; label: string | null; rtp: string }>({
    defaultValues: { enabled: game.enabled, label: game.label, rtp: game.rtp },
  });
  const { register, handleSubmit, formState, setError } = form;
  const error = (path: string) => fieldError(formState.errors, path);
  const save = handleSubmit(async (values) => {
    const body: Record<string, unknown> = { enabled: values.enabled, label: values.label };
    if (original && values.rtp !== game.rtp) body.rtp = values.rtp.trim();
    const parsed = updateGameBodySchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        setError(String(issue.path[0] ?? 'root.server') as 'rtp', { message: issue.message });
      }
      return;
    }
    try {
      await api(`/games/${game.id}`, { method: 'PATCH', body: parsed.data });
      await invalidate({ resource: 'catalog.games', invalidates: ['list'] });
      onClose();
    } catch (failure) {
      applyServerErrors(failure, setError, ['enabled', 'label', 'rtp']);
    }
  });
  return (
    <FormDialog
      onClose={onClose}
      title={game.title}
      description={`${game.providerName} · ${game.engine} · ${game.id}`}
      onSubmit={save}
      error={formState.errors.root?.server?.message}
      submitLabel="Save game"
      submitting={formState.isSubmitting}
    >
      <CheckboxField label="Enabled (players see and can start it)" {...register('enabled')} />
      <SelectField
        label="Label"
        error={error('label')}
        empty="None"
        options={gameLabels}
        {...register('label', { setValueAs: emptyToNull })}
      />
      {original ? (
        <InputField
          label="RTP"
          hint={`A fraction, ${originalRtpBounds.min}–${originalRtpBounds.max}`}
          error={error('rtp')}
          inputMode="decimal"
          {...register('rtp')}
        />
      ) : (
        <p className="text-sm text-muted">RTP {rtpPercent(game.rtp)} (set by the provider).</p>
      )}
    </FormDialog>
  );
}

export function GamesPage() {
  const canEdit = useCan('PATCH', '/games/:id');
  const studios = useStudios();
  const categories = useQuery({
    queryKey: ['backoffice', 'game-categories'],
    queryFn: async () => backofficeGameCategoriesSchema.parse(await api('/games/categories')).items,
    staleTime: 300_000,
  });
  const [editing, setEditing] = useState<BackofficeGameListItem | null>(null);
  const columns: Column<BackofficeGameListItem>[] = [
    {
      id: 'image',
      header: '',
      cell: (row) => (
        <img src={row.imageUrl} alt="" className="size-9 max-w-none rounded object-cover" />
      ),
    },
    {
      id: 'title',
      header: 'Game',
      sortField: 'title',
      cell: (row) => (
        <span className="flex flex-col whitespace-nowrap">
          <span className="font-medium">{row.title}</span>
          <span className="text-xs text-muted">{row.id}</span>
        </span>
      ),
      csv: (row) => row.title,
    },
    {
      id: 'provider',
      header: 'Studio',
      sortField: 'provider',
      className: 'whitespace-nowrap',
      cell: (row) => row.providerName,
      csv: (row) => row.providerName,
    },
    { id: 'engine', header: 'Engine', cell: (row) => row.engine, csv: (row) => row.engine },
    {
      id: 'rtp',
      header: 'RTP',
      sortField: 'rtp',
      numeric: true,
      cell: (row) => rtpPercent(row.rtp),
      csv: (row) => row.rtp,
    },
    {
      id: 'rounds',
      header: 'Rounds (7 d)',
      sortField: 'rounds',
      numeric: true,
      cell: (row) => row.roundsPlayed.toLocaleString('en'),
      csv: (row) => row.roundsPlayed,
    },
    {
      id: 'label',
      header: 'Label',
      cell: (row) => (row.label ? <Badge tone="info">{row.label}</Badge> : null),
      csv: (row) => row.label,
    },
    {
      id: 'enabled',
      header: 'Status',
      cell: (row) =>
        row.enabled ? <Badge tone="good">Enabled</Badge> : <Badge tone="bad">Disabled</Badge>,
      csv: (row) => (row.enabled ? 'enabled' : 'disabled'),
    },
    {
      id: 'released',
      header: 'Released',
      sortField: 'released',
      cell: (row) => <span className="text-muted">{row.releasedAt.slice(0, 10)}</span>,
      csv: (row) => row.releasedAt,
    },
  ];
  return (
    <Page title="Games" description="Every game of the catalog, switched-off ones too.">
      <Card>
        <DataTable<BackofficeGameListItem>
          resource="catalog.games"
          columns={columns}
          initialSorters={[{ field: 'title', order: 'asc' }]}
          filters={[
            { field: 'q', label: 'Search', type: 'text', placeholder: 'Title or id' },
            {
              field: 'provider',
              label: 'Studio',
              type: 'select',
              options: (studios.data ?? []).map((studio) => ({
                value: studio.id,
                label: studio.name,
              })),
            },
            {
              field: 'category',
              label: 'Category',
              type: 'select',
              options: (categories.data ?? []).map((category) => ({
                value: category.value,
                label: category.title,
              })),
            },
            {
              field: 'enabled',
              label: 'Status',
              type: 'select',
              options: [
                { value: 'true', label: 'Enabled' },
                { value: 'false', label: 'Disabled' },
              ],
            },
          ]}
          csv={{ filename: 'games.csv' }}
          syncWithLocation
          {...(canEdit ? { onRowClick: (row: BackofficeGameListItem) => setEditing(row) } : {})}
          empty="No game matches."
        />
      </Card>
      {editing ? (
        <GameDialog key={editing.id} game={editing} onClose={() => setEditing(null)} />
      ) : null}
    </Page>
  );
}

function NewRuleDialog({ onClose }: { onClose: () => void }) {
  const invalidate = useInvalidate();
  const form = useForm<{
    target: 'game' | 'provider';
    id: string;
    scope: 'country' | 'currency';
    value: string;
  }>({
    defaultValues: { target: 'game', id: '', scope: 'country', value: '' },
  });
  const { register, handleSubmit, formState, setError, watch } = form;
  const error = (path: string) => fieldError(formState.errors, path);
  const save = handleSubmit(async (values) => {
    const body = {
      [values.target === 'game' ? 'gameId' : 'providerId']: values.id.trim(),
      [values.scope]: values.value.trim().toUpperCase(),
    };
    const parsed = newGameBlacklistRuleBodySchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        setError(field === 'gameId' || field === 'providerId' ? 'id' : 'value', {
          message: issue.message,
        });
      }
      return;
    }
    try {
      await api('/games/blacklists', { method: 'POST', body: parsed.data });
      await invalidate({ resource: 'catalog.blacklists', invalidates: ['list'] });
      onClose();
    } catch (failure) {
      applyServerErrors(failure, setError, []);
    }
  });
  return (
    <FormDialog
      onClose={onClose}
      title="New blacklist rule"
      description="A game, or every game of a studio, is not offered in a country or for a currency."
      formClassName="grid gap-3 sm:grid-cols-2"
      span="sm:col-span-2"
      onSubmit={save}
      error={formState.errors.root?.server?.message}
      submitLabel="Add rule"
      submitting={formState.isSubmitting}
    >
      <SelectField
        label="Block"
        options={[
          { value: 'game', label: 'A game' },
          { value: 'provider', label: "A studio's games" },
        ]}
        {...register('target')}
      />
      <InputField
        label={watch('target') === 'game' ? 'Game id' : 'Studio id'}
        error={error('id')}
        {...register('id')}
      />
      <SelectField
        label="Where"
        options={[
          { value: 'country', label: 'In a country' },
          { value: 'currency', label: 'For a currency' },
        ]}
        {...register('scope')}
      />
      <InputField
        label={watch('scope') === 'country' ? 'Country (ISO)' : 'Currency'}
        error={error('value')}
        {...register('value')}
      />
    </FormDialog>
  );
}

export function BlacklistsPage() {
  const invalidate = useInvalidate();
  const canAdd = useCan('POST', '/games/blacklists');
  const canRemove = useCan('DELETE', '/games/blacklists/:id');
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<GameBlacklistRule | null>(null);
  const columns: Column<GameBlacklistRule>[] = [
    { id: 'id', header: '#', numeric: true, cell: (row) => row.id, csv: (row) => row.id },
    {
      id: 'target',
      header: 'Blocks',
      cell: (row) => (row.gameId ? `Game ${row.gameId}` : `Studio ${row.providerId}'s games`),
      csv: (row) => row.gameId ?? `provider:${row.providerId}`,
    },
    {
      id: 'scope',
      header: 'Where',
      cell: (row) => (row.country ? `Country ${row.country}` : `Currency ${row.currency}`),
      csv: (row) => row.country ?? row.currency,
    },
    {
      id: 'actions',
      header: '',
      cell: (row) =>
        canRemove ? (
          <Button
            size="sm"
            variant="ghost"
            aria-label="Remove rule"
            onClick={() => setRemoving(row)}
          >
            <Trash2 className="size-3.5" />
          </Button>
        ) : null,
    },
  ];
  return (
    <Page
      title="Game blacklists"
      description="Players a rule matches see the reason on the tile and cannot start the game."
      actions={canAdd ? <NewButton onClick={() => setAdding(true)}>New rule</NewButton> : null}
    >
      <Card>
        <DataTable<GameBlacklistRule>
          resource="catalog.blacklists"
          columns={columns}
          csv={{ filename: 'game-blacklists.csv' }}
          empty="No rules: every game is offered everywhere."
        />
      </Card>
      {adding ? <NewRuleDialog onClose={() => setAdding(false)} /> : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove this rule?"
        confirmLabel="Remove"
        tone="danger"
        onConfirm={async () => {
          if (!removing) return;
          await api(`/games/blacklists/${removing.id}`, { method: 'DELETE' });
          await invalidate({ resource: 'catalog.blacklists', invalidates: ['list'] });
        }}
      />
    </Page>
  );
}

export function StudiosPage() {
  const studios = useStudios();
  return (
    <Page title="Studios" description="The catalog's studios with their games.">
      <Card>
        {studios.isLoading ? (
          <div className="p-6">
            <Spinner />
          </div>
        ) : studios.isError ? (
          <ErrorState error={studios.error} />
        ) : (studios.data ?? []).length === 0 ? (
          <EmptyState>No studios.</EmptyState>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-left text-sm">
              <thead>
                <tr className="border-b border-line bg-canvas/60 text-xs text-muted">
                  <th className="px-4 py-2 font-medium">Studio</th>
                  <th className="px-4 py-2 font-medium">Id</th>
                  <th className="px-4 py-2 text-right font-medium">Games</th>
                  <th className="px-4 py-2 text-right font-medium">Enabled games</th>
                  <th className="px-4 py-2 font-medium">Status</th>
                </tr>
              </thead>
              <tbody>
                {(studios.data ?? []).map((studio: BackofficeStudio) => (
                  <tr key={studio.id} className="border-b border-line last:border-0">
                    <td className="px-4 py-2">
                      <span className="flex items-center gap-2">
                        {studio.logoUrl ? (
                          <img src={studio.logoUrl} alt="" className="h-5 w-12 object-contain" />
                        ) : null}
                        <span className="font-medium">{studio.name}</span>
                      </span>
                    </td>
                    <td className="px-4 py-2 text-muted">{studio.id}</td>
                    <td className="tabular px-4 py-2 text-right">{studio.games}</td>
                    <td className="tabular px-4 py-2 text-right">{studio.enabledGames}</td>
                    <td className="px-4 py-2">
                      {studio.enabled ? (
                        <Badge tone="good">Enabled</Badge>
                      ) : (
                        <Badge tone="bad">Disabled</Badge>
                      )}
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

function ProviderGames({ provider, onEdit }: { provider: SeamlessProvider; onEdit: () => void }) {
  const mayEditProvider = useCan('PATCH', '/seamless/providers/:providerId');
  const mayEditGames = useCan('PUT', '/seamless/providers/:providerId/games');
  const [editing, setEditing] = useState<SeamlessGame | 'new' | null>(null);
  const games = useQuery({
    queryKey: ['backoffice', 'seamless-games', provider.id],
    queryFn: async () =>
      seamlessGameListSchema.parse(await api(`/seamless/providers/${provider.id}/games`)).items,
  });
  return (
    <Card>
      <CardHeader
        title={`${provider.name} · games`}
        description={`Wallet endpoints under ${provider.walletPath}`}
        actions={
          <>
            {mayEditProvider ? (
              <Button size="sm" onClick={onEdit}>
                Edit provider
              </Button>
            ) : null}
            {mayEditGames ? (
              <Button size="sm" variant="primary" onClick={() => setEditing('new')}>
                <Plus className="size-3.5" /> Add game
              </Button>
            ) : null}
          </>
        }
      />
      <details className="border-b border-line px-4 py-2 text-xs">
        <summary className="cursor-pointer text-muted">
          Our public key (the provider checks our answers with it)
        </summary>
        <pre className="mt-2 overflow-x-auto rounded bg-canvas p-2 font-mono">
          {provider.ourPublicKey}
        </pre>
      </details>
      {editing ? (
        <ProviderGameDialog
          provider={provider}
          game={editing === 'new' ? null : editing}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          onSaved={() => void games.refetch()}
        />
      ) : null}
      {games.isLoading ? (
        <div className="p-6">
          <Spinner />
        </div>
      ) : games.isError ? (
        <ErrorState error={games.error} />
      ) : (games.data ?? []).length === 0 ? (
        <EmptyState>No games from this provider yet.</EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <thead>
              <tr className="border-b border-line bg-canvas/60 text-xs text-muted">
                <th className="px-4 py-2 font-medium">Game</th>
                <th className="px-4 py-2 font-medium">Provider code</th>
                <th className="px-4 py-2 font-medium">Studio</th>
                <th className="px-4 py-2 text-right font-medium">RTP</th>
                <th className="px-4 py-2 font-medium">Status</th>
                {mayEditGames ? <th className="px-4 py-2" /> : null}
              </tr>
            </thead>
            <tbody>
              {(games.data ?? []).map((game: SeamlessGame) => (
                <tr key={game.id} className="border-b border-line last:border-0">
                  <td className="px-4 py-2">
                    <span className="font-medium">{game.title}</span>
                    <span className="block text-xs text-muted">{game.id}</span>
                  </td>
                  <td className="px-4 py-2 font-mono text-xs">{game.gameCode}</td>
                  <td className="px-4 py-2">{game.studioId}</td>
                  <td className="tabular px-4 py-2 text-right">{rtpPercent(game.rtp)}</td>
                  <td className="px-4 py-2">
                    {game.enabled ? (
                      <Badge tone="good">Enabled</Badge>
                    ) : (
                      <Badge tone="bad">Disabled</Badge>
                    )}
                  </td>
                  {mayEditGames ? (
                    <td className="px-4 py-2 text-right">
                      <Button size="sm" onClick={() => setEditing(game)}>
                        Edit
                      </Button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

export function ProvidersPage() {
  const [selected, setSelected] = useState<SeamlessProvider | null>(null);
  const [dialog, setDialog] = useState<SeamlessProvider | 'new' | null>(null);
  const mayConnect = useCan('POST', '/seamless/providers');
  const invalidate = useInvalidate();
  const columns: Column<SeamlessProvider>[] = [
    {
      id: 'name',
      header: 'Provider',
      cell: (row) => (
        <span className="flex flex-col">
          <span className="font-medium">{row.name}</span>
          <span className="text-xs text-muted">{row.id}</span>
        </span>
      ),
      csv: (row) => row.id,
    },
    {
      id: 'signature',
      header: 'Signature',
      cell: (row) => row.signatureScheme,
      csv: (row) => row.signatureScheme,
    },
    {
      id: 'currencies',
      header: 'Currencies',
      cell: (row) => row.currencies.join(', '),
      csv: (row) => row.currencies.join(' '),
    },
    {
      id: 'ttl',
      header: 'Session TTL',
      numeric: true,
      cell: (row) => `${Math.round(row.sessionTtlSeconds / 60)} min`,
      csv: (row) => row.sessionTtlSeconds,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (row) =>
        row.enabled ? <Badge tone="good">Enabled</Badge> : <Badge tone="bad">Disabled</Badge>,
      csv: (row) => (row.enabled ? 'enabled' : 'disabled'),
    },
  ];
  return (
    <Page
      title="Aggregator providers"
      description="Seamless-wallet providers; select one for its games."
      actions={
        mayConnect ? (
          <NewButton onClick={() => setDialog('new')}>Connect aggregator</NewButton>
        ) : null
      }
    >
      {dialog ? (
        <ProviderDialog
          provider={dialog === 'new' ? null : dialog}
          open
          onOpenChange={(open) => !open && setDialog(null)}
          onSaved={(saved) => {
            setSelected(saved);
            void invalidate({ resource: 'catalog.seamless-providers', invalidates: ['list'] });
          }}
        />
      ) : null}
      <Card>
        <DataTable<SeamlessProvider>
          resource="catalog.seamless-providers"
          columns={columns}
          onRowClick={(row) => setSelected(row)}
          empty="No aggregator provider is connected."
        />
      </Card>
      {selected ? (
        <ProviderGames
          key={`${selected.id}-${selected.updatedAt}`}
          provider={selected}
          onEdit={() => setDialog(selected)}
        />
      ) : null}
    </Page>
  );
}
