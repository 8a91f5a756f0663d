import type { FastifyBaseLogger } from 'fastify';
import type { GamesService } from '../modules/casino/games/games.service.ts';
import type { JobDefinition } from './job-queue.ts';

export const gamesPopularityJob = 'games-popularity';

/** Every ten minutes: the catalog's popularity from the rounds of the last week. */
export function gamesJobDefinitions(
  games: Pick<GamesService, 'refreshPopularity'>,
  logger: FastifyBaseLogger,
): JobDefinition[] {
  return [
    {
      name: gamesPopularityJob,
      cron: '*/10 * * * *',
      handler: async () => {
        const updated = await games.refreshPopularity();
        logger.debug({ updated }, 'games: popularity refreshed');
      },
    },
  ];
}
