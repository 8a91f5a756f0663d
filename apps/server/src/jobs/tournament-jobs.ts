import type { FastifyBaseLogger } from 'fastify';
import type {
  TournamentJobScheduler,
  TournamentsService,
} from '../modules/promotions/tournaments/tournaments.service.ts';
import type { JobDefinition, JobQueue } from './job-queue.ts';

export const tournamentPayoutJob = 'tournament-payout';
export const tournamentsSweepJob = 'tournaments-sweep';

/** A job per tournament at its end; where this process runs no queue the minute sweep catches up. */
export function tournamentJobScheduler(queue: JobQueue): TournamentJobScheduler {
  return {
    schedulePayout: async (tournamentId, at) => {
      await queue.send(tournamentPayoutJob, { tournamentId }, at);
    },
  };
}

export function tournamentJobDefinitions(
  tournaments: Pick<TournamentsService, 'settle' | 'sweep'>,
  logger: FastifyBaseLogger,
): JobDefinition[] {
  return [
    {
      name: tournamentPayoutJob,
      handler: async (data) => {
        if (
          typeof data.tournamentId === 'string' &&
          (await tournaments.settle(data.tournamentId))
        ) {
          logger.info({ tournamentId: data.tournamentId }, 'tournament prizes paid');
        }
      },
    },
    {
      name: tournamentsSweepJob,
      cron: '* * * * *',
      handler: async () => {
        const { paid } = await tournaments.sweep();
        if (paid > 0) logger.info({ paid }, 'tournaments paid');
      },
    },
  ];
}
