import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { SportFeedConfig } from '../../../config.ts';
import { FeedLeader } from './feed-leader.ts';
import type { FeedRunner } from './feed-runner.ts';
import { SimulatorFeedProvider } from './simulator/simulator-provider.ts';
import type { SportPublisher } from './sport-publisher.ts';

export interface SportFeedPluginOptions {
  config: SportFeedConfig;
  databaseUrl: string;
  runner: FeedRunner;
  publisher: SportPublisher;
  /** the settlement's background runs (betting/settlement-worker.ts): swept while the feed runs */
  settlement: { start(): void; stop(): Promise<void> };
}

/** How often a process that does not run the feed tries to take it over. */
const leaderRetryMs = 10_000;

/**
 * Runs the configured odds feed in the one process that holds the feed's lock (feed-leader.ts),
 * from the moment the server is ready until it closes; with `SPORT_FEED=off` nothing runs.
 */
const sportFeedPlugin: FastifyPluginAsync<SportFeedPluginOptions> = async (app, options) => {
  const { config, runner, publisher, settlement } = options;
  app.addHook('onClose', () => publisher.stop());
  app.addHook('onClose', () => settlement.stop());
  if (config.source === 'off') return;
  const logger = app.log.child({ component: 'sport-feed' });
  const { simulator } = config;
  const leader = new FeedLeader({
    connectionString: options.databaseUrl,
    runner,
    retryMs: leaderRetryMs,
    logger,
    provider: () =>
      new SimulatorFeedProvider({
        seed: simulator.seed,
        speed: simulator.speed,
        horizonMs: simulator.horizonHours * 3_600_000,
        slotIntervalMs: simulator.kickoffIntervalMinutes * 60_000,
        onError: (error) =>
          logger.warn(
            { reason: error instanceof Error ? error.message : String(error) },
            'the feed simulator could not deliver; retrying',
          ),
      }),
  });
  app.addHook('onReady', async () => {
    settlement.start();
    await leader.start();
  });
  // registered after the publisher's hook: hooks of onClose run in order, the feed stops first
  app.addHook('preClose', () => leader.stop());
};

export default fastifyPlugin(sportFeedPlugin, { name: 'sport-feed' });
