import type { FastifyBaseLogger } from 'fastify';
import type {
  BonusJobScheduler,
  BonusLifecycle,
} from '../modules/promotions/bonuses/bonus-lifecycle.service.ts';
import type { JobDefinition, JobQueue } from './job-queue.ts';

export const bonusExpireJob = 'bonus-expire';
export const bonusesSweepJob = 'bonuses-sweep';

/** A job per bonus at its deadline; where this process runs no queue the minute sweep catches up. */
export function bonusJobScheduler(queue: JobQueue): BonusJobScheduler {
  return {
    scheduleExpiry: async (bonusId, at) => {
      await queue.send(bonusExpireJob, { bonusId }, at);
    },
  };
}

export function bonusJobDefinitions(
  bonuses: Pick<BonusLifecycle, 'expire' | 'sweep'>,
  logger: FastifyBaseLogger,
): JobDefinition[] {
  return [
    {
      name: bonusExpireJob,
      handler: async (data) => {
        if (typeof data.bonusId === 'string' && (await bonuses.expire(data.bonusId))) {
          logger.info({ bonusId: data.bonusId }, 'bonus expired');
        }
      },
    },
    {
      name: bonusesSweepJob,
      cron: '* * * * *',
      handler: async () => {
        const { expired } = await bonuses.sweep();
        if (expired > 0) logger.info({ expired }, 'expired bonuses');
      },
    },
  ];
}
