import fastifyPlugin from 'fastify-plugin';
import { type CacheInvalidation, cacheInvalidationChannel } from '../lib/cache-invalidation.ts';
import { NotificationListener } from '../modules/realtime/listener.ts';

export interface CacheInvalidationPluginOptions {
  invalidation: CacheInvalidation;
  /** the database without a pooler in between: LISTEN needs a session of its own */
  directDatabaseUrl: string;
}

/**
 * This process's listener of cache invalidations (lib/cache-invalidation.ts): one connection of
 * its own that LISTENs from the moment the server is ready until it closes; after a lost
 * connection it listens again and drops every cache (what changed meanwhile was not heard).
 */
export default fastifyPlugin(
  async (app, options: CacheInvalidationPluginOptions) => {
    const { invalidation } = options;
    const logger = app.log.child({ component: 'cache-invalidation' });
    const listener = new NotificationListener({
      connectionString: options.directDatabaseUrl,
      channels: [cacheInvalidationChannel],
      onNotification: (_channel, payload) => invalidation.received(payload),
      onResumed: () => {
        logger.warn('cache invalidations resumed; every cache is read again');
        invalidation.missed();
        invalidation.setListening(true);
      },
      onLost: () => invalidation.setListening(false),
      logger,
      purpose: 'cache',
    });
    app.addHook('onReady', async () => {
      await listener.start();
      if (listener.listening) invalidation.setListening(true);
    });
    app.addHook('onClose', async () => {
      invalidation.setListening(false);
      await listener.stop();
    });
  },
  { name: 'cache-invalidation' },
);
