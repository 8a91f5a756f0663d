import {
  assignPersonalOfferBodySchema,
  backofficeOfferSchema,
  backofficeOffersSchema,
  backofficeUserBonusesQuerySchema,
  backofficeUserBonusesSchema,
  depositBonusTableBodySchema,
  depositBonusTableSchema,
  newOfferBodySchema,
  offerIdParamsSchema,
  personalOfferSchema,
  updateOfferBodySchema,
} from '@casino/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { requestContext } from '../../../lib/request-context.ts';
import { currentOperator } from '../../../plugins/authentication.ts';
import { operatorSecurity } from '../../../plugins/openapi.ts';
import type { OperatorActor } from '../../backoffice/audit/audit.service.ts';
import type { BonusOffersService } from './bonus-offers.service.ts';

const bodyErrors = ['payload_too_large', 'unsupported_media_type'] as const;
const operatorErrors = ['unauthorized', 'forbidden'] as const;

/** The operator's bonus calls (admin); every change is audited with its request. */
export const bonusesBackofficeRoutes: FastifyPluginAsyncZod<{
  offers: BonusOffersService;
}> = async (app, { offers }) => {
  const actor = (request: FastifyRequest): OperatorActor => ({
    operatorId: currentOperator(request).operator.id,
    context: requestContext(request),
  });

  app.get(
    '/api/backoffice/v1/bonuses/offers',
    {
      onRequest: app.authorizeOperator('admin', 'marketing', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary: 'Every bonus offer, by position (admin, marketing, read_only)',
        security: operatorSecurity,
        response: { 200: backofficeOffersSchema, ...errorResponses(...operatorErrors) },
      },
    },
    async () => offers.list(),
  );

  app.post(
    '/api/backoffice/v1/bonuses/offers',
    {
      onRequest: app.authorizeOperator('admin', 'marketing'),
      schema: {
        tags: ['backoffice'],
        summary: 'Create a bonus offer (admin, marketing)',
        description:
          'Money is USD. A welcome offer names its deposit (minDepositNumber 1–4); free spins need ' +
          'a spin value; gamesWagers lists the games that count (none: every game at 100 %); ' +
          'sportPercent (0–100, default 0) is what a settled sport ticket played on the bonus ' +
          'counts for its wagering (a void ticket nothing, a half-void single half its stake).',
        security: operatorSecurity,
        body: newOfferBodySchema,
        response: {
          201: backofficeOfferSchema,
          ...errorResponses(...operatorErrors, 'validation_error', ...bodyErrors),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await offers.create(actor(request), request.body)),
  );

  app.patch(
    '/api/backoffice/v1/bonuses/offers/:id',
    {
      onRequest: app.authorizeOperator('admin', 'marketing'),
      schema: {
        tags: ['backoffice'],
        summary: 'Change a bonus offer, switch it on or off (admin, marketing)',
        description: 'Granted bonuses keep the conditions they were granted with.',
        security: operatorSecurity,
        params: offerIdParamsSchema,
        body: updateOfferBodySchema,
        response: {
          200: backofficeOfferSchema,
          ...errorResponses(...operatorErrors, 'validation_error', 'not_found', ...bodyErrors),
        },
      },
    },
    async (request) => offers.update(actor(request), request.params.id, request.body),
  );

  app.post(
    '/api/backoffice/v1/bonuses/personal',
    {
      onRequest: app.authorizeOperator('admin', 'marketing'),
      schema: {
        tags: ['backoffice'],
        summary:
          'Assign a personal offer: the player’s next qualifying deposit receives it (admin, marketing)',
        security: operatorSecurity,
        body: assignPersonalOfferBodySchema,
        response: {
          201: personalOfferSchema,
          ...errorResponses(
            ...operatorErrors,
            'validation_error',
            'not_found',
            'bonus_not_available',
            ...bodyErrors,
          ),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await offers.assignPersonal(actor(request), request.body)),
  );

  app.get(
    '/api/backoffice/v1/bonuses/user',
    {
      onRequest: app.authorizeOperator('admin', 'marketing', 'support', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary: 'A player’s bonuses with their wagering (admin, marketing, support, read_only)',
        security: operatorSecurity,
        querystring: backofficeUserBonusesQuerySchema,
        response: {
          200: backofficeUserBonusesSchema,
          ...errorResponses(...operatorErrors, 'validation_error', 'not_found'),
        },
      },
    },
    async (request) => offers.userBonuses(request.query.globalId),
  );

  app.get(
    '/api/backoffice/v1/bonuses/deposit-bonus',
    {
      onRequest: app.authorizeOperator('admin', 'marketing', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary: 'The deposit bonus by currency and network (admin, marketing, read_only)',
        security: operatorSecurity,
        response: { 200: depositBonusTableSchema, ...errorResponses(...operatorErrors) },
      },
    },
    async () => offers.depositBonusTable(),
  );

  app.put(
    '/api/backoffice/v1/bonuses/deposit-bonus',
    {
      onRequest: app.authorizeOperator('admin', 'marketing'),
      schema: {
        tags: ['backoffice'],
        summary: 'Replace the deposit bonus by currency and network (admin, marketing)',
        security: operatorSecurity,
        body: depositBonusTableBodySchema,
        response: {
          200: depositBonusTableSchema,
          ...errorResponses(...operatorErrors, 'validation_error', ...bodyErrors),
        },
      },
    },
    async (request) => offers.setDepositBonusTable(actor(request), request.body),
  );
};
