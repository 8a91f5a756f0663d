import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseRetryAfterSeconds } from '../../../db/connection-errors.ts';
import { AppError } from '../../../lib/app-error.ts';
import { errorResponses } from '../../../lib/error-body.ts';
import type { HealthService } from './health.service.ts';

const statusSchema = z.object({ status: z.literal('ok') });

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (
  app,
  { health },
) => {
  app.get(
    '/healthz',
    {
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers',
        response: { 200: statusSchema, ...errorResponses() },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers',
        response: { 200: statusSchema, ...errorResponses('service_unavailable') },
      },
    },
    async () => {
      if (!(await health.isDatabaseReachable())) {
        throw new AppError('service_unavailable', {
          message: 'The database is not reachable.',
          headers: { 'retry-after': String(databaseRetryAfterSeconds) },
        });
      }
      return { status: 'ok' as const };
    },
  );
};
