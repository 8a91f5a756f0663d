import {
  operatorEventRoutes,
  operatorEventsPath,
  operatorRoles,
  paymentQueues,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/error-body.ts';
import {
  type OperatorEvent,
  type OperatorEvents,
  operatorEventsChannel,
  operatorStreamsChannel,
} from '../../../lib/operator-events.ts';
import { currentOperator, permissionsOf } from '../../../plugins/authentication.ts';
import { operatorSecurity } from '../../../plugins/openapi.ts';
import { NotificationListener } from '../../realtime/listener.ts';
import type { OperatorStreamsRepository } from './operator-streams.repository.ts';

export interface OperatorEventsRoutesOptions {
  events: OperatorEvents;
  /** the processes holding streams (who wants the sport tickets announced) */
  streams: OperatorStreamsRepository;
  /** the database without a pooler in between: LISTEN needs a session of its own */
  directDatabaseUrl: string;
  /** a stream ends after this long; the browser reconnects, signed-in checks and roles anew */
  streamLifetimeMs?: number;
  /** a comment line this often keeps proxies from closing an idle stream */
  heartbeatMs?: number;
  /** how long a process's announcement that it holds streams lasts; renewed at a third of it */
  streamsPresenceMs?: number;
}

/** A stream whose client stopped reading (this much unsent) is closed; it reconnects. */
const maxBufferedBytes = 1_000_000;
/** An operator's streams at once (tabs); opening one more closes their oldest. */
const maxStreamsPerOperator = 8;

/** What of `event` an operator with these permissions may see; null: nothing. */
export function visibleTo(permissions: ReadonlySet<string>, event: OperatorEvent) {
  if (event.type === 'sport.ticket') {
    return permissions.has(operatorEventRoutes['sport.ticket']) ? event : null;
  }
  const queues = event.data.queues.filter((queue) => permissions.has(operatorEventRoutes[queue]));
  return queues.length === 0 ? null : { type: event.type, data: { queues } };
}

/**
 * `GET /api/backoffice/v1/events`: the operators' live feed as Server-Sent Events
 * (contract: backoffice-realtime.ts). Any signed-in operator; each event is filtered by the
 * operator's permissions. This process LISTENs (one connection, from start) on
 * the channel lib/operator-events.ts NOTIFYs in the transactions that change a queue, so a
 * change made by any server process reaches every open stream once it commits.
 *
 * Every process listens from start, also on the streams channel: a process holding streams keeps
 * its row in `operator_event_streams` and says so there (at its first stream, every third of
 * `streamsPresenceMs`, and when its last stream closes), so each process knows in memory whether
 * anyone would hear a placed sport ticket (`OperatorEvents.ticketsWanted`). A stream says
 * `ready` once its process's announcement committed.
 */
export const operatorEventsRoutes: FastifyPluginAsyncZod<OperatorEventsRoutesOptions> = async (
  app,
  {
    events,
    streams: presence,
    directDatabaseUrl,
    streamLifetimeMs = 5 * 60_000,
    heartbeatMs = 25_000,
    streamsPresenceMs = 30_000,
  },
) => {
  const logger = app.log.child({ component: 'operator-events' });
  /** who holds streams, read anew whenever LISTEN is (again) in place */
  const readStreams = async () => {
    if (!listener.listening) return;
    try {
      events.streamsRead(await presence.read());
    } catch (error) {
      // not known: every ticket is announced, as when nobody listened
      logger.warn({ err: error }, 'could not read which processes hold operator streams');
    }
  };
  const listener = new NotificationListener({
    connectionString: directDatabaseUrl,
    channels: [operatorEventsChannel, operatorStreamsChannel],
    onNotification: (channel, payload) =>
      channel === operatorStreamsChannel ? events.streamsHeard(payload) : events.received(payload),
    // what was said while not listening is lost: every stream reads every queue again
    onResumed: () => {
      events.received(
        JSON.stringify({ type: 'queues.changed', data: { queues: [...paymentQueues] } }),
      );
      void readStreams();
    },
    onLost: () => events.streamsUnknown(),
    logger,
    purpose: 'operator-events',
  });
  let listening: Promise<void> | null = null;
  const streams = new Map<string, Array<() => void>>();
  const closers = new Set<() => void>();
  let openStreams = 0;
  let renewal: NodeJS.Timeout | null = null;
  /** this process's announcements, in order (a "none" never overtakes the "holding" before it) */
  let announced: Promise<void> = Promise.resolve();
  const announce = (ttlMs: number) => {
    announced = announced
      .then(() => presence.announce(events.processId, ttlMs))
      .catch((error: unknown) => {
        logger.warn({ err: error }, 'could not announce this process’s operator streams');
      });
    return announced;
  };
  const streamOpened = () => {
    events.localStreamsChanged(1);
    openStreams += 1;
    if (openStreams > 1) return announced;
    renewal = setInterval(() => void announce(streamsPresenceMs), streamsPresenceMs / 3);
    renewal.unref();
    return announce(streamsPresenceMs);
  };
  const streamClosed = () => {
    events.localStreamsChanged(-1);
    openStreams -= 1;
    if (openStreams > 0) return;
    if (renewal) clearInterval(renewal);
    renewal = null;
    void announce(0);
  };

  app.addHook('onReady', async () => {
    listening ??= listener.start().then(readStreams);
    await listening;
  });
  app.addHook('preClose', async () => {
    for (const close of [...closers]) close();
  });
  app.addHook('onClose', async () => {
    await announced;
    if (listening) await listener.stop();
  });

  app.get(
    operatorEventsPath,
    {
      // every role: what each operator hears is filtered by their own permissions below
      onRequest: app.authorizeOperator(...operatorRoles),
      schema: {
        tags: ['backoffice'],
        summary: 'The operators’ live feed: Server-Sent Events (any operator)',
        description:
          '`text/event-stream`. `event: ready` once listening; then `queues.changed` ' +
          '(`{queues}`: read those lists and counts again) and `sport.ticket` (a placed ' +
          'ticket), each only when the operator may read the list it is about ' +
          '(`operatorEventRoutes`). The stream ends after a few minutes; reconnect (the ' +
          'browser’s EventSource does) and read again what is shown.',
        security: operatorSecurity,
        response: {
          200: z.string().describe('text/event-stream'),
          ...errorResponses('unauthorized'),
        },
      },
    },
    async (request, reply) => {
      const operator = currentOperator(request);
      const permissions = new Set(permissionsOf(app.operatorRouteRoles, operator.operator.roles));
      listening ??= listener.start().then(readStreams);
      await listening;
      await streamOpened();
      reply.hijack();
      if (request.raw.destroyed) {
        // gone while this process announced its streams
        streamClosed();
        return;
      }
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      let open = true;
      const send = (text: string) => {
        if (!open) return;
        raw.write(text);
        if (raw.writableLength > maxBufferedBytes) close();
      };
      const unsubscribe = events.subscribe((event) => {
        const visible = visibleTo(permissions, event);
        if (visible) send(`event: ${visible.type}\ndata: ${JSON.stringify(visible.data)}\n\n`);
      });
      const heartbeat = setInterval(() => send(': keep-alive\n\n'), heartbeatMs);
      heartbeat.unref();
      const lifetime = setTimeout(() => close(), streamLifetimeMs);
      lifetime.unref();
      const operatorId = operator.operator.id;
      const own = streams.get(operatorId) ?? [];
      streams.set(operatorId, own);
      function close() {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        unsubscribe();
        streamClosed();
        closers.delete(close);
        const index = own.indexOf(close);
        if (index >= 0) own.splice(index, 1);
        if (own.length === 0) streams.delete(operatorId);
        raw.end();
      }
      closers.add(close);
      own.push(close);
      if (own.length > maxStreamsPerOperator) own[0]?.();
      request.raw.on('close', close);
      raw.on('error', close);
      send('retry: 3000\n\nevent: ready\ndata: {}\n\n');
    },
  );
};
