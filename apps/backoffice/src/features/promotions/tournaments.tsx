import {
  type BackofficeLeaderboardEntry,
  type BackofficeTournament,
  backofficeLeaderboardEntrySchema,
  backofficeTournamentSchema,
  newTournamentBodySchema,
  tournamentScorings,
  updateTournamentBodySchema,
} from '@casino/contract';
import { useInvalidate } from '@refinedev/core';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { type Column, DataTable } from '@/components/data-table.tsx';
import { FormDialog } from '@/components/form-dialog.tsx';
import {
  applyServerErrors,
  bodyResolver,
  CheckboxField,
  fieldError,
} from '@/components/form-support.tsx';
import { NewButton, Page } from '@/components/page.tsx';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardHeader } from '@/components/ui/card.tsx';
import { DateTimeField, InputField, SelectField, TextareaField } from '@/components/ui/field.tsx';
import { api } from '@/lib/api.ts';
import {
  formatMoney,
  instantOfZonedInput,
  useFormatDateTime,
  useTimeZone,
  zonedInputValue,
} from '@/lib/format.ts';
import { useCan } from '@/lib/me.ts';
import { defineResource } from '@/lib/resources.ts';

export const tournamentsResource = defineResource({
  path: '/tournaments',
  item: backofficeTournamentSchema,
  unpaginated: true,
});
export const leaderboardResource = defineResource({
  path: '/tournaments/:id/leaderboard',
  item: backofficeLeaderboardEntrySchema,
  idField: 'place',
});

const statusTones: Record<BackofficeTournament['status'], BadgeTone> = {
  upcoming: 'info',
  running: 'good',
  finished: 'warn',
  paid: 'neutral',
};

interface TournamentForm {
  id: string;
  name: string;
  description: string;
  image: string;
  nameRu: string;
  descriptionRu: string;
  startsAt: string;
  endsAt: string;
  scoring: BackofficeTournament['scoring'];
  currency: string;
  prizes: string;
  gameIds: string;
  vipOnly: boolean;
  scoresSport: boolean;
}

/** `datetime-local` holds the wall time of the operator's time zone; the API takes ISO instants. */
function bodyOf(values: TournamentForm, editing: boolean, timeZone: string) {
  const descriptions: Record<string, { name: string; description: string; image: string }> = {
    en: { name: values.name, description: values.description, image: values.image },
  };
  if (values.nameRu.trim() !== '') {
    descriptions.ru = {
      name: values.nameRu,
      description: values.descriptionRu,
      image: values.image,
    };
  }
  return {
    ...(editing ? {} : { id: values.id.trim() }),
    descriptions,
    startsAt: instantOfZonedInput(values.startsAt, timeZone) ?? '',
    endsAt: instantOfZonedInput(values.endsAt, timeZone) ?? '',
    scoring: values.scoring,
    currency: values.currency.trim().toUpperCase(),
    prizes: values.prizes
      .split(/\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .map((amount, index) => ({ place: index + 1, amount })),
    gameIds: values.gameIds.split(/[\s,]+/).filter((id) => id !== ''),
    vipOnly: values.vipOnly,
    scoresSport: values.scoresSport,
  };
}

function tournamentResolver(editing: boolean, timeZone: string): Resolver<TournamentForm> {
  return bodyResolver(
    editing ? updateTournamentBodySchema : newTournamentBodySchema,
    (values: TournamentForm) => bodyOf(values, editing, timeZone),
    (errors) => {
      const descriptions = errors.descriptions as
        | Record<string, Record<string, unknown>>
        | undefined;
      return {
        ...errors,
        ...(descriptions?.en?.name ? { name: descriptions.en.name } : {}),
        ...(descriptions?.en?.image ? { image: descriptions.en.image } : {}),
      };
    },
  );
}

function TournamentDialog({
  tournament,
  onClose,
}: {
  tournament: BackofficeTournament | null;
  onClose: () => void;
}) {
  const timeZone = useTimeZone();
  const invalidate = useInvalidate();
  const editing = tournament !== null;
  const form = useForm<TournamentForm>({
    defaultValues: tournament
      ? {
          id: tournament.id,
          name: tournament.descriptions.en?.name ?? '',
          description: tournament.descriptions.en?.description ?? '',
          image: tournament.descriptions.en?.image ?? '',
          nameRu: tournament.descriptions.ru?.name ?? '',
          descriptionRu: tournament.descriptions.ru?.description ?? '',
          startsAt: zonedInputValue(tournament.startsAt, timeZone),
          endsAt: zonedInputValue(tournament.endsAt, timeZone),
          scoring: tournament.scoring,
          currency: tournament.currency,
          prizes: tournament.prizes.map((prize) => prize.amount).join('\n'),
          gameIds: tournament.gameIds.join(', '),
          vipOnly: tournament.vipOnly,
          scoresSport: tournament.scoresSport,
        }
      : {
          id: '',
          name: '',
          description: '',
          image: '/tournaments/default.svg',
          nameRu: '',
          descriptionRu: '',
          startsAt: '',
          endsAt: '',
          scoring: 'wagered',
          currency: 'USD',
          prizes: '',
          gameIds: '',
          vipOnly: false,
          scoresSport: false,
        },
    resolver: tournamentResolver(editing, timeZone),
  });
  const { register, handleSubmit, formState, setError } = form;
  const error = (path: string) => fieldError(formState.errors, path);
  const save = handleSubmit(async (values) => {
    try {
      await api(editing ? `/tournaments/${tournament.id}` : '/tournaments', {
        method: editing ? 'PATCH' : 'POST',
        body: bodyOf(values, editing, timeZone),
      });
      await invalidate({ resource: 'promotions.tournaments', invalidates: ['list'] });
      onClose();
    } catch (failure) {
      applyServerErrors(failure, setError, Object.keys(form.getValues()));
    }
  });
  return (
    <FormDialog
      onClose={onClose}
      title={editing ? `Tournament ${tournament.id}` : 'New tournament'}
      description="Prizes are paid once at the end, converted to each winner's primary currency."
      className="max-w-2xl"
      onSubmit={save}
      error={formState.errors.root?.server?.message}
      submitLabel={editing ? 'Save tournament' : 'Create tournament'}
      submitting={formState.isSubmitting}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField label="Id (slug)" error={error('id')} disabled={editing} {...register('id')} />
        <InputField label="Image" error={error('image')} {...register('image')} />
        <InputField
          label="Name (en)"
          error={error('name') ?? error('descriptions')}
          {...register('name')}
        />
        <InputField label="Name (ru)" {...register('nameRu')} />
        <TextareaField label="Description (en)" rows={2} {...register('description')} />
        <TextareaField label="Description (ru)" rows={2} {...register('descriptionRu')} />
        <DateTimeField label="Starts" error={error('startsAt')} {...register('startsAt')} />
        <DateTimeField label="Ends" error={error('endsAt')} {...register('endsAt')} />
        <SelectField
          label="Scoring"
          error={error('scoring')}
          options={tournamentScorings}
          {...register('scoring')}
        />
        <InputField label="Currency" error={error('currency')} {...register('currency')} />
        <TextareaField
          label="Prizes"
          hint="One amount per line, place 1 first"
          error={error('prizes')}
          rows={4}
          {...register('prizes')}
        />
        <TextareaField
          label="Game ids"
          hint="Empty: every game counts"
          error={error('gameIds')}
          rows={4}
          {...register('gameIds')}
        />
      </div>
      <div className="flex flex-wrap gap-4">
        <CheckboxField label="VIP only" {...register('vipOnly')} />
        <CheckboxField label="Sport tickets count" {...register('scoresSport')} />
      </div>
    </FormDialog>
  );
}

function Leaderboard({ tournament }: { tournament: BackofficeTournament }) {
  const formatDateTime = useFormatDateTime();
  const money = tournament.scoring !== 'best_multiplier';
  const columns: Column<BackofficeLeaderboardEntry>[] = [
    { id: 'place', header: '#', numeric: true, cell: (row) => row.place, csv: (row) => row.place },
    {
      id: 'player',
      header: 'Player',
      cell: (row) => (
        <span className="flex flex-col">
          <span>{row.email}</span>
          <span className="text-xs text-muted">#{row.globalId}</span>
        </span>
      ),
      csv: (row) => `${row.email} #${row.globalId}`,
    },
    {
      id: 'score',
      header: 'Score',
      numeric: true,
      cell: (row) => (money ? formatMoney(row.score, tournament.currency) : `×${row.score}`),
      csv: (row) => row.score,
    },
    {
      id: 'prize',
      header: 'Prize',
      numeric: true,
      cell: (row) => (row.prize ? formatMoney(row.prize, tournament.currency) : '—'),
      csv: (row) => row.prize,
    },
    {
      id: 'updated',
      header: 'Last scored',
      cell: (row) => (
        <span className="whitespace-nowrap text-muted">{formatDateTime(row.updatedAt)}</span>
      ),
      csv: (row) => row.updatedAt,
    },
  ];
  return (
    <Card data-testid="tournament-leaderboard">
      <CardHeader
        title={`Leaderboard · ${tournament.descriptions.en?.name ?? tournament.id}`}
        description={`${tournament.players} players with a score · scoring ${tournament.scoring}`}
      />
      <DataTable<BackofficeLeaderboardEntry>
        resource="promotions.leaderboard"
        params={{ id: tournament.id }}
        columns={columns}
        pageSize={30}
        csv={{ filename: `leaderboard-${tournament.id}.csv` }}
        rowKey={(row) => String(row.place)}
        empty="No player has scored yet."
      />
    </Card>
  );
}

export function TournamentsPage() {
  const formatDateTime = useFormatDateTime();
  const canCreate = useCan('POST', '/tournaments');
  const canEdit = useCan('PATCH', '/tournaments/:id');
  const canReadBoard = useCan('GET', '/tournaments/:id/leaderboard');
  const [selected, setSelected] = useState<BackofficeTournament | null>(null);
  const [editing, setEditing] = useState<BackofficeTournament | 'new' | null>(null);
  const columns: Column<BackofficeTournament>[] = [
    {
      id: 'name',
      header: 'Tournament',
      cell: (row) => (
        <span className="flex flex-col">
          <span className="font-medium">{row.descriptions.en?.name ?? row.id}</span>
          <span className="text-xs text-muted">{row.id}</span>
        </span>
      ),
      csv: (row) => row.id,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (row) => (
        <span className="flex gap-1">
          <Badge tone={statusTones[row.status]}>{row.status}</Badge>
          {row.vipOnly ? <Badge tone="warn">VIP</Badge> : null}
        </span>
      ),
      csv: (row) => row.status,
    },
    { id: 'scoring', header: 'Scoring', cell: (row) => row.scoring, csv: (row) => row.scoring },
    {
      id: 'prizes',
      header: 'Prize pool',
      numeric: true,
      cell: (row) =>
        formatMoney(
          row.prizes.reduce((sum, prize) => sum + Number(prize.amount), 0).toFixed(2),
          row.currency,
        ),
    },
    {
      id: 'players',
      header: 'Players',
      numeric: true,
      cell: (row) => row.players,
      csv: (row) => row.players,
    },
    {
      id: 'period',
      header: 'Period',
      cell: (row) => (
        <span className="whitespace-nowrap text-muted">
          {formatDateTime(row.startsAt)} → {formatDateTime(row.endsAt)}
        </span>
      ),
      csv: (row) => `${row.startsAt} ${row.endsAt}`,
    },
    {
      id: 'actions',
      header: '',
      cell: (row) =>
        canEdit && row.status !== 'paid' && row.status !== 'finished' ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={(event) => {
              event.stopPropagation();
              setEditing(row);
            }}
          >
            Edit
          </Button>
        ) : null,
    },
  ];
  return (
    <Page
      title="Tournaments"
      description="Select a tournament to see its leaderboard."
      actions={
        canCreate ? <NewButton onClick={() => setEditing('new')}>New tournament</NewButton> : null
      }
    >
      <Card>
        <DataTable<BackofficeTournament>
          resource="promotions.tournaments"
          columns={columns}
          csv={{ filename: 'tournaments.csv' }}
          {...(canReadBoard ? { onRowClick: (row: BackofficeTournament) => setSelected(row) } : {})}
          empty="No tournaments yet."
        />
      </Card>
      {selected ? <Leaderboard key={selected.id} tournament={selected} /> : null}
      {editing !== null ? (
        <TournamentDialog
          key={editing === 'new' ? 'new' : editing.id}
          tournament={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Page>
  );
}
