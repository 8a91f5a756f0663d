import fastifyPlugin from 'fastify-plugin';
import type { GamesService } from '../modules/casino/games/games.service.ts';
import type { OrderReviewService } from '../modules/money/cashier/rails/p2p/order-review.service.ts';
import type { PushNotifications } from '../modules/players/push/push-notifications.ts';
import type { BonusLifecycle } from '../modules/promotions/bonuses/bonus-lifecycle.service.ts';
import type { TournamentsService } from '../modules/promotions/tournaments/tournaments.service.ts';
import { bonusJobDefinitions } from './bonus-jobs.ts';
import { gamesJobDefinitions } from './games-jobs.ts';
import type { JobQueue } from './job-queue.ts';
import { pushJobDefinitions } from './push-jobs.ts';
import { type RetentionServices, retentionJobDefinitions } from './retention-jobs.ts';
import { tournamentJobDefinitions } from './tournament-jobs.ts';
import { walletJobDefinitions } from './wallet-jobs.ts';

/**
 * Runs the job queue in this process when enabled (JOBS_ENABLED): starts it once the app is
 * ready, sweeps what fell due while no process ran it, and stops it on close.
 */
export default fastifyPlugin(
  async (
    app,
    options: {
      enabled: boolean;
      queue: JobQueue;
      wallet: OrderReviewService;
      games: GamesService;
      bonuses: Pick<BonusLifecycle, 'expire' | 'sweep'>;
      tournaments: TournamentsService;
      push: PushNotifications;
      retention: RetentionServices;
    },
  ) => {
    if (!options.enabled) return;
    app.addHook('onReady', async () => {
      await options.queue.start(
        [
          ...walletJobDefinitions(options.wallet, app.log),
          ...retentionJobDefinitions(options.retention, app.log),
          ...gamesJobDefinitions(options.games, app.log),
          ...bonusJobDefinitions(options.bonuses, app.log),
          ...tournamentJobDefinitions(options.tournaments, app.log),
          ...pushJobDefinitions(options.push, app.log),
        ],
        app.log,
      );
      await options.wallet.sweep();
      await options.bonuses.sweep();
      await options.tournaments.sweep();
    });
    app.addHook('onClose', async () => {
      await options.queue.stop();
    });
  },
  { name: 'jobs' },
);
