import {
  type LateDepositNotice,
  type SportTicketEvent,
  type TransactionEvent,
  type UserChannelName,
  userChannel,
} from '@casino/contract';
import { useQuery } from '@tanstack/react-query';
import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { RealtimeClient, RealtimeIdentity } from './realtime-client';
import { realtimeConfigQueryOptions, resolveRealtimeUrl } from './realtime-config';
import {
  loadPayloadSchema,
  type RealtimePayload,
  type RealtimePayloadKind,
} from './realtime-payloads';

/** The connection, once its code is in (the publications' schemas come per kind). */
interface LoadedRealtime {
  client: RealtimeClient;
}

interface RealtimeContextValue {
  realtime: LoadedRealtime | null;
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
  const [realtime, setRealtime] = useState<LoadedRealtime | null>(null);
  const client = realtime?.client ?? null;
  const [activeGlobalId, setActiveGlobalId] = useState<string | null>(null);
  // The latest values, for callbacks that outlive a render.
  const latest = useRef({ identity, refreshToken });
  latest.current = { identity, refreshToken };

  useEffect(() => {
    if (!url) return;
    // The client library (`centrifuge`) is fetched once the first paint is out of the way (the
    // payloads' schemas when a listener of their kind subscribes); until it is in, `client` stays
    // null, as it does while the config is on its way.
    let next: RealtimeClient | null = null;
    let cancelled = false;
    // In a task of its own: this effect runs in the synchronous render the config's (or the
    // profile's) answer starts, and asking for the chunk (a preload link for each file it
    // imports, a few milliseconds each at a 4× slower CPU) made that render's task a long one.
    const start = window.setTimeout(() => {
      void import('./realtime-client')
        .then(({ RealtimeClient }) => {
          if (cancelled) return;
          next = new RealtimeClient({ url, refreshToken: () => latest.current.refreshToken() });
          const loaded = { client: next };
          // every channel's listener re-renders with the client: in a transition, which React
          // renders in slices, not one long task beside the page's first renders
          startTransition(() => setRealtime(loaded));
        })
        .catch(() => {
          // a chunk that could not be fetched leaves the page without live updates, as a
          // connection that cannot be made does; the next page load tries again
        });
    }, 0);
    return () => {
      cancelled = true;
      window.clearTimeout(start);
      next?.close();
      setRealtime(null);
    };
  }, [url]);

  const globalId = identity?.globalId ?? null;
  useEffect(() => {
    if (!client) return;
    // Listeners of user channels subscribe only after the connection speaks for their player.
    client.setIdentity(latest.current.identity);
    // a player's listeners subscribe in a transition (see above); signing out stops them at once
    if (globalId === null) setActiveGlobalId(null);
    else startTransition(() => setActiveGlobalId(globalId));
  }, [client, globalId]);

  const value = useMemo(() => ({ realtime, globalId: activeGlobalId }), [realtime, activeGlobalId]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

function useRealtimeContext(): RealtimeContextValue {
  const context = useContext(RealtimeContext);
  if (!context) throw new Error('Realtime hooks need a RealtimeProvider above them');
  return context;
}

/**
 * Calls `onMessage` with every valid publication on `channel` while the component is mounted;
 * `null` listens to nothing. `kind` names what the channel carries (`realtime-payloads.ts`):
 * a publication that is not one is skipped. `onSubscribed` runs whenever the subscription
 * becomes active (see `RealtimeClient.listen`). The handlers may change between renders without
 * resubscribing.
 */
export function useRealtimeChannel<Kind extends RealtimePayloadKind>(
  channel: string | null,
  kind: Kind,
  onMessage: (message: RealtimePayload<Kind>) => void,
  onSubscribed?: () => void,
): void {
  const { realtime } = useRealtimeContext();
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const subscribedHandler = useRef(onSubscribed);
  subscribedHandler.current = onSubscribed;
  useEffect(() => {
    if (!realtime || !channel) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void loadPayloadSchema(kind)
      .then((schema) => {
        if (cancelled) return;
        stop = realtime.client.listen(
          channel,
          schema,
          // checked by the schema of `kind`, whose output is that (TypeScript cannot follow a
          // generic key through the record)
          (message) => handler.current(message as RealtimePayload<Kind>),
          () => subscribedHandler.current?.(),
        );
      })
      .catch(() => {
        // schemas that could not be fetched leave the channel unheard, as a connection that
        // cannot be made does; the next page load tries again
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [realtime, channel, kind]);
}

/** The signed-in player's own channel `name#{globalId}`; nothing for a guest. */
export function useUserChannel<Name extends UserChannelName>(
  name: Name,
  onMessage: (event: RealtimePayload<Name>) => void,
): void {
  const { globalId } = useRealtimeContext();
  useRealtimeChannel(globalId ? userChannel(name, globalId) : null, name, onMessage);
}

/** A message of `transaction#` is the sportsbook's ticket event (else the wallet's). */
export function isSportTicketEvent(
  event: TransactionEvent | SportTicketEvent | LateDepositNotice,
): event is SportTicketEvent {
  return 'ticket' in event;
}
