import { type Sport, sportsResponseSchema } from '@casino/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';
import { api } from '@/lib/api.ts';

/** The book's sports (the public list: ids, names), for filters and names. */
export function useSports() {
  return useQuery({
    queryKey: ['backoffice', 'sport', 'sports'],
    queryFn: async () => sportsResponseSchema.parse(await api('/api/v2/sport/sports')),
    staleTime: 5 * 60_000,
  });
}

export function sportOptions(sports: Sport[] | undefined) {
  return (sports ?? []).map((sport) => ({ value: String(sport.id), label: sport.name }));
}

const eventTones: Record<string, BadgeTone> = {
  live: 'good',
  not_started: 'info',
  ended: 'neutral',
  cancelled: 'warn',
};

const eventLabels: Record<string, string> = {
  live: 'Live',
  not_started: 'Upcoming',
  ended: 'Ended',
  cancelled: 'Cancelled',
};

export function EventStatusBadge({ status }: { status: string }) {
  return <Badge tone={eventTones[status] ?? 'neutral'}>{eventLabels[status] ?? status}</Badge>;
}

export const eventStatusOptions = Object.entries(eventLabels).map(([value, label]) => ({
  value,
  label,
}));

const marketTones: Record<string, BadgeTone> = {
  active: 'good',
  suspended: 'warn',
  deactivated: 'neutral',
  settled: 'info',
  cancelled: 'bad',
  handed_over: 'neutral',
};

export function MarketStatusBadge({ status }: { status: string }) {
  return <Badge tone={marketTones[status] ?? 'neutral'}>{humanize(status)}</Badge>;
}

const ticketTones: Record<string, BadgeTone> = {
  pending: 'warn',
  accepted: 'info',
  rejected: 'bad',
  won: 'good',
  half_won: 'good',
  lost: 'neutral',
  half_lost: 'neutral',
  void: 'neutral',
  cashed_out: 'info',
};

export function TicketStatusBadge({ status }: { status: string }) {
  return <Badge tone={ticketTones[status] ?? 'neutral'}>{humanize(status)}</Badge>;
}

/** `not_started` → "Not started". */
export function humanize(value: string): string {
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "2 : 1" from the feed's score, or "—". */
export function scoreText(score: unknown): string {
  if (!score || typeof score !== 'object') return '—';
  const { home, away } = score as { home?: unknown; away?: unknown };
  if (typeof home !== 'number' || typeof away !== 'number') return '—';
  return `${home} : ${away}`;
}

/** A date in a `Stat`: wraps instead of being cut off in a narrow column. */
export function StatDate({ children }: { children: string }) {
  return <span className="block text-base whitespace-normal">{children}</span>;
}
