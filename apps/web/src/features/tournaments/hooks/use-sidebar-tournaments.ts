import { sidebarTournamentsCount } from '@casino/contract';
import { useLocale } from '@/lib/use-locale';
import { useTournaments } from '../api/get-tournaments';
import { currentStatus, tournamentTexts } from '../tournament-display';

export interface SidebarTournament {
  id: string;
  name: string;
  isVip: boolean;
}

/**
 * The sidebar's tournaments (wallet spec §2): the first three not yet ended, names in the current
 * locale else English. VIP-only ones come only to VIP players (the server filters).
 */
export function useSidebarTournaments(): SidebarTournament[] {
  const locale = useLocale();
  const tournaments = useTournaments();
  const nowMs = Date.now();
  return (tournaments.data?.items ?? [])
    .filter((tournament) => {
      const status = currentStatus(tournament, nowMs);
      return status === 'running' || status === 'upcoming';
    })
    .slice(0, sidebarTournamentsCount)
    .map((tournament) => ({
      id: tournament.id,
      name: tournamentTexts(tournament, locale).name,
      isVip: tournament.vip_players_only,
    }));
}
