import {
  sportBetFactorBodySchema,
  sportBetFactorSchema,
  sportBetLimitsBodySchema,
  sportBetLimitsListSchema,
  sportBetLimitsSchema,
  sportLiabilityQuerySchema,
  sportLiabilitySchema,
  sportPlayerParamsSchema,
} from '@casino/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { requestContext } from '../../../lib/request-context.ts';
import { currentOperator } from '../../../plugins/authentication.ts';
import { operatorSecurity } from '../../../plugins/openapi.ts';
import type { OperatorActor } from '../../backoffice/audit/audit.service.ts';
import type { BettingTrading } from './betting-trading.service.ts';

const actor = (request: FastifyRequest): OperatorActor => ({
  operatorId: currentOperator(request).operator.id,
  context: requestContext(request),
});

const operatorErrors = ['unauthorized', 'forbidden'] as const;

/**
 * Operators over sport tickets (`/api/backoffice/v1/sport/...`), as the feed's trading routes:
 * reading liability and a player's bet factor — admin and support; setting a bet factor, limits
 * and delays — admin, audited. Short transactions on one row (a liability read: at most 2,000
 * outcome rows of one event), operators are few and signed in: no rate limit beyond sign-in's.
 */
export const bettingTradingRoutes: FastifyPluginAsyncZod<{ trading: BettingTrading }> = async (
  app,
  { trading },
) => {
  app.get(
    '/api/backoffice/v1/sport/liability',
    {
      onRequest: app.authorizeOperator('admin', 'trading', 'support', 'finance', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary:
          'Liability reserved per market and outcome of an event or a market (admin, trading, support, finance, read_only)',
        description:
          'What the open (pending and accepted) tickets stand to win net (potential payout − ' +
          'stake, base currency) per outcome, each ticket counted on every leg; a market’s ' +
          'liability is its largest outcome’s.',
        security: operatorSecurity,
        querystring: sportLiabilityQuerySchema,
        response: {
          200: sportLiabilitySchema,
          ...errorResponses('validation_error', ...operatorErrors),
        },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await trading.liability(request.query)),
  );

  app.get(
    '/api/backoffice/v1/sport/players/:userId/bet-factor',
    {
      onRequest: app.authorizeOperator('admin', 'trading', 'support', 'finance', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary:
          'A player’s bet factor and open liability (admin, trading, support, finance, read_only)',
        description: '`userId`: the player’s id or global id.',
        security: operatorSecurity,
        params: sportPlayerParamsSchema,
        response: {
          200: sportBetFactorSchema,
          ...errorResponses('validation_error', 'not_found', ...operatorErrors),
        },
      },
    },
    async (request) => trading.betFactor(request.params.userId),
  );

  app.put(
    '/api/backoffice/v1/sport/players/:userId/bet-factor',
    {
      onRequest: app.authorizeOperator('admin', 'trading'),
      schema: {
        tags: ['backoffice'],
        summary: 'Set a player’s bet factor (admin, trading; audited)',
        description:
          'Scales the player’s maximum stake and liability limit from the next ticket on ' +
          '(1 by default, 0 stops the player’s betting, at most 100). `userId`: the player’s ' +
          'id or global id.',
        security: operatorSecurity,
        params: sportPlayerParamsSchema,
        body: sportBetFactorBodySchema,
        response: {
          200: sportBetFactorSchema,
          ...errorResponses('validation_error', 'not_found', ...operatorErrors),
        },
      },
    },
    async (request) =>
      trading.setBetFactor(actor(request), request.params.userId, request.body.betFactor),
  );

  app.get(
    '/api/backoffice/v1/sport/limits',
    {
      onRequest: app.authorizeOperator('admin', 'trading', 'support', 'finance', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary:
          'Stake, payout and liability limits and bet delays per sport and market type (admin, trading, support, finance, read_only)',
        security: operatorSecurity,
        response: { 200: sportBetLimitsListSchema, ...errorResponses(...operatorErrors) },
      },
    },
    async () => trading.limits(),
  );

  app.put(
    '/api/backoffice/v1/sport/limits',
    {
      onRequest: app.authorizeOperator('admin', 'trading'),
      schema: {
        tags: ['backoffice'],
        summary:
          'Set the limits and bet delay of a sport, a market type or the default (admin, trading; audited)',
        description:
          'Amounts in the base currency (USD). A market type’s row overrides its sport’s, which ' +
          'overrides the global row (sportId and marketTypeId null), value by value; null ' +
          'inherits. Applies to the next ticket.',
        security: operatorSecurity,
        body: sportBetLimitsBodySchema,
        response: {
          200: sportBetLimitsSchema,
          ...errorResponses('validation_error', 'not_found', ...operatorErrors),
        },
      },
    },
    async (request) => trading.setLimits(actor(request), request.body),
  );
};
