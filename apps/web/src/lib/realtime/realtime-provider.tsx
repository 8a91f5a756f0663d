import {
  type BalanceEvent,
  balanceEventSchema,
  type InterfaceActionEvent,
  interfaceActionEventSchema,
  type SportTicketEvent,
  sportTicketEventSchema,
  type TournamentEvent,
  type TransactionEvent,
  tournamentEventSchema,
  transactionEventSchema,
  type UserChannelName,
  userChannel,
} from '@casino/contract';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import type { RealtimeClient, RealtimeIdentity } from './realtime-client';
import { realtimeConfigQueryOptions, resolveRealtimeUrl } from './realtime-config';

interface RealtimeContextValue {
  client: RealtimeClient | null;
  /** The player the connection speaks for, once it does; null for a guest. */
  globalId: string | null;
}

const RealtimeContext = createContext<RealtimeContextValue | null>(null);

export interface RealtimeProviderProps {
  /** The signed-in player, or null for a guest; a new globalId reconnects. */
  identity: RealtimeIdentity | null;
  /** A fresh connection token for the signed-in player (see `RealtimeClientOptions`). */
  refreshToken: () => Promise<string>;
  children: React.ReactNode;
}

/** Holds the app's one realtime connection and keeps its identity in step with the session. */
export function RealtimeProvider({ identity, refreshToken, children }: RealtimeProviderProps) {
  const config = useQuery(realtimeConfigQueryOptions);
  const configuredUrl = config.data ? resolveRealtimeUrl(config.data.url, window.location) : null;
  // Kept once known: signing out clears the query cache, which must not drop the connection.
  const [url, setUrl] = useState(configuredUrl);
  if (configuredUrl !== null && configuredUrl !== url) setUrl(configuredUrl);
  const [client, setClient] = useState<RealtimeClient | null>(null);
  const [activeGlobalId, setActiveGlobalId] = useState<string | null>(null);
  // The latest values, for callbacks that outlive a render.
  const latest = useRef({ identity, refreshToken });
  latest.current = { identity, refreshToken };

  useEffect(() => {
    if (!url) return;
    // The client library (`centrifuge`) is its own chunk, fetched once the first paint is out of
    // the way; until it is in, `client` stays null, as it does while the config is on its way.
    let next: RealtimeClient | null = null;
    let cancelled = false;
    void import('./realtime-client')
      .then(({ RealtimeClient }) => {
        if (cancelled) return;
        next = new RealtimeClient({ url, refreshToken: () => latest.current.refreshToken() });
        setClient(next);
      })
      .catch(() => {
        // a chunk that could not be fetched leaves the page without live updates, as a connection
        // that cannot be made does; the next page load tries again
      });
    return () => {
      cancelled = true;
      next?.close();
      setClient(null);
    };
  }, [url]);

  const globalId = identity?.globalId ?? null;
  useEffect(() => {
    if (!client) return;
    // Listeners of user channels subscribe only after the connection speaks for their player.
    client.setIdentity(latest.current.identity);
    setActiveGlobalId(globalId);
  }, [client, globalId]);

  const value = useMemo(() => ({ client, globalId: activeGlobalId }), [client, activeGlobalId]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

function useRealtimeContext(): RealtimeContextValue {
  const context = useContext(RealtimeContext);
  if (!context) throw new Error('Realtime hooks need a RealtimeProvider above them');
  return context;
}

/**
 * Calls `onMessage` with every valid publication on `channel` while the component is mounted;
 * `null` listens to nothing. `onSubscribed` runs whenever the subscription becomes active (see
 * `RealtimeClient.listen`). The handlers may change between renders without resubscribing.
 */
export function useRealtimeChannel<Schema extends z.ZodType>(
  channel: string | null,
  schema: Schema,
  onMessage: (message: z.output<Schema>) => void,
  onSubscribed?: () => void,
): void {
  const { client } = useRealtimeContext();
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const subscribedHandler = useRef(onSubscribed);
  subscribedHandler.current = onSubscribed;
  useEffect(() => {
    if (!client || !channel) return;
    return client.listen(
      channel,
      schema,
      (message) => handler.current(message),
      () => subscribedHandler.current?.(),
    );
  }, [client, channel, schema]);
}

/**
 * What each of the player's own channels carries (`packages/contract/src/realtime.ts`).
 * `transaction#` carries the wallet's transaction events and the sportsbook's ticket events
 * (`sportTicketEventSchema`, told apart by their `ticket`).
 */
export interface UserChannelEvents {
  balance: BalanceEvent;
  transaction: TransactionEvent | SportTicketEvent;
  tournaments: TournamentEvent;
  interface_actions: InterfaceActionEvent;
}

export type UserChannelEvent<Name extends UserChannelName> = UserChannelEvents[Name];

const userChannelSchemas: { [Name in UserChannelName]: z.ZodType<UserChannelEvents[Name]> } = {
  balance: balanceEventSchema,
  transaction: z.union([sportTicketEventSchema, transactionEventSchema]),
  tournaments: tournamentEventSchema,
  interface_actions: interfaceActionEventSchema,
};

/** The signed-in player's own channel `name#{globalId}`; nothing for a guest. */
export function useUserChannel<Name extends UserChannelName>(
  name: Name,
  onMessage: (event: UserChannelEvent<Name>) => void,
): void {
  const { globalId } = useRealtimeContext();
  useRealtimeChannel(
    globalId ? userChannel(name, globalId) : null,
    userChannelSchemas[name],
    onMessage,
  );
}

/** A message of `transaction#` is the sportsbook's ticket event (else the wallet's). */
export function isSportTicketEvent(
  event: TransactionEvent | SportTicketEvent,
): event is SportTicketEvent {
  return 'ticket' in event;
}
