import { useQueryClient } from '@tanstack/react-query';
import { Trophy } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/features/profile/api/get-me';
import { closePendingWalletView } from '@/features/wallet/pending-view-close';
import { useIsSignedIn } from '@/lib/auth-token';
import { withLaterTexts } from '@/lib/lazy';
import {
  isSportTicketEvent,
  RealtimeProvider,
  useUserChannel,
} from '@/lib/realtime/realtime-provider';
import { toast } from '@/lib/toast';
import {
  applyBalanceEvent,
  applyTransactionEvent,
  settledTicketMessage,
  tournamentWinMessage,
} from './cache-reactions';
import { freshWebsocketToken } from './websocket-token';

/** The player's own channels and what each event does to the app (shell spec §4). */
function RealtimeReactions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  useUserChannel('transaction', (event) => {
    if ('notice' in event) {
      // a deposit credited past a limit or during an exclusion (responsible gambling's notice):
      // told now, listed in the profile
      void withLaterTexts(import('@/features/responsible-gambling/late-deposit-message')).then(
        (module) => module.showLateDeposit(event, t, queryClient),
      );
      return;
    }
    if (isSportTicketEvent(event)) {
      // the sportsbook's caches: their code comes with the first ticket's news, not the first paint
      void import('@/features/sportsbook/api/sport-bets').then((module) =>
        module.applySportTicket(queryClient, event.ticket),
      );
      const message = settledTicketMessage(event.ticket);
      if (message) toast.success(t(message.key, message.params));
      return;
    }
    if (applyTransactionEvent(queryClient, event)) {
      closePendingWalletView({ transactionId: event.id });
    }
  });
  useUserChannel('balance', (event) => applyBalanceEvent(queryClient, event));
  useUserChannel('tournaments', (event) => {
    const message = tournamentWinMessage(event);
    toast.success(t('Tournaments.win_title'), {
      description: t(message.key, message.params),
      icon: <Trophy className="size-5 text-gold-400" aria-hidden="true" />,
    });
  });
  return null;
}

/**
 * The app's realtime connection: a guest connects without a token, a signed-in player with the
 * profile's `websocketToken`; signing in or out reconnects with the new identity. When the server
 * closes the player's connection because of a ban or an ended session, the profile is read again
 * at once (`RealtimeClient`), and its answer goes the way of every error (query-client.ts): the
 * ban screen, or the notice that the session ended, without waiting for the player's next click.
 */
export function AppRealtime({ children }: { children: React.ReactNode }) {
  const queryClient = useQueryClient();
  const signedIn = useIsSignedIn();
  const me = useMe();
  const globalId = signedIn ? (me.data?.globalId ?? null) : null;
  // A refetched profile brings a new token for the same player, which changes nothing: the
  // provider reconnects only for a new player and refreshes tokens itself when they expire.
  const identity = globalId ? { globalId, token: me.data?.websocketToken ?? '' } : null;
  const refreshToken = useCallback(() => freshWebsocketToken(queryClient), [queryClient]);

  return (
    <RealtimeProvider identity={identity} refreshToken={refreshToken}>
      <RealtimeReactions />
      {children}
    </RealtimeProvider>
  );
}
