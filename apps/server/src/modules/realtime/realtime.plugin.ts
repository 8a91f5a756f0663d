import { realtimeConfigSchema } from '@casino/contract';
import fastifyPlugin from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RealtimeConfig } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { errorResponses } from '../../lib/error-body.ts';
import type { WebsocketTokenVerifier } from '../../lib/websocket-token.ts';
import { CentrifugoDispatcher } from './centrifugo.ts';
import type { RealtimeRepository } from './realtime.repository.ts';
import type { RealtimeIdentities } from './session.ts';
import { BuiltinRealtimeServer, websocketPath } from './websocket-server.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the built-in WebSocket server; null when an external Centrifugo does that work */
    realtimeServer: BuiltinRealtimeServer | null;
  }
}

export interface RealtimePluginOptions {
  config: RealtimeConfig;
  databaseUrl: string;
  repository: RealtimeRepository;
  tokens: WebsocketTokenVerifier;
  /** whether a player's connection may go on (its sign-in session open, the player not banned) */
  identities: RealtimeIdentities;
  clock: Clock;
}

/**
 * Realtime delivery. Built-in engine: the WebSocket endpoint /connection/websocket on this
 * server, fed by PostgreSQL notifications. Centrifugo engine: the outbox dispatcher, and the
 * browser is sent to the Centrifugo URL. `GET /api/v1/realtime` tells the app where to connect.
 */
const realtimePlugin: FastifyPluginAsyncZod<RealtimePluginOptions> = async (app, options) => {
  const { config } = options;
  const url = config.centrifugo?.websocketUrl ?? websocketPath;

  app.get(
    '/api/v1/realtime',
    {
      schema: {
        tags: ['realtime'],
        summary: 'Where the app opens its realtime connection (Centrifugo client protocol)',
        response: { 200: realtimeConfigSchema, ...errorResponses() },
      },
    },
    async () => ({ url }),
  );

  if (config.engine === 'centrifugo' && config.centrifugo) {
    const dispatcher = new CentrifugoDispatcher({
      databaseUrl: options.databaseUrl,
      repository: options.repository,
      apiUrl: config.centrifugo.apiUrl,
      apiKey: config.centrifugo.apiKey,
      logger: app.log.child({ component: 'centrifugo' }),
    });
    app.decorate('realtimeServer', null);
    app.addHook('onReady', () => dispatcher.start());
    app.addHook('onClose', () => dispatcher.stop());
    return;
  }

  const server = new BuiltinRealtimeServer({
    databaseUrl: options.databaseUrl,
    repository: options.repository,
    tokens: options.tokens,
    identities: options.identities,
    clock: options.clock,
    limits: config,
    logger: app.log.child({ component: 'realtime' }),
  });
  server.attach(app.server);
  app.decorate('realtimeServer', server);
  app.addHook('onReady', () => server.start());
  // Before the HTTP server stops: clients are told to reconnect (to another process).
  app.addHook('preClose', () => server.stop());
};

export default fastifyPlugin(realtimePlugin, { name: 'realtime' });
