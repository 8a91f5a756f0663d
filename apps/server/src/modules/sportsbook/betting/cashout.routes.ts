import {
  sportCashoutBodySchema,
  sportCashoutQuoteSchema,
  sportCashoutSettingsBodySchema,
  sportCashoutSettingsSchema,
  sportTicketParamsSchema,
  sportTicketSchema,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { requestContext } from '../../../lib/request-context.ts';
import { currentOperator, currentPlayer } from '../../../plugins/authentication.ts';
import { operatorSecurity, playerSecurity } from '../../../plugins/openapi.ts';
import type { SportCashout } from './cashout.service.ts';

const playerErrors = ['unauthorized', 'user_banned', 'region_restricted'] as const;
const operatorErrors = ['unauthorized', 'forbidden'] as const;

/**
 * Cash-out (issue 20). Players: a quote on their own ticket, then the cash-out on it (another
 * player's ticket is 404). A quote is one short transaction and one stored row; a ticket gets at
 * most 60 quotes a minute (429 rate_limited). The cash-out is a money POST: `Idempotency-Key`
 * required, one transaction with the ticket's row locked. Operators (admin): the switch and the
 * margin, audited; reading them: admin, support.
 */
export const cashoutRoutes: FastifyPluginAsyncZod<{ cashout: SportCashout }> = async (
  app,
  { cashout },
) => {
  app.post(
    '/api/v2/sport/bets/:id/cashout/quote',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['sport'],
        summary: 'A cash-out quote for one of the player’s tickets',
        description:
          'What cashing out the whole ticket pays now, from the live prices of its open legs ' +
          'with the book’s margin, valid until `expiresAt` (SPORT_CASHOUT_QUOTE_SECONDS). ' +
          '409 sport_cashout_unavailable (payload `reason`: disabled, not_open, system, ' +
          'suspended, no_value) when it cannot be cashed out now.',
        security: playerSecurity,
        params: sportTicketParamsSchema,
        response: {
          200: sportCashoutQuoteSchema,
          ...errorResponses(
            ...playerErrors,
            'validation_error',
            'not_found',
            'sport_cashout_unavailable',
            'rate_limited',
          ),
        },
      },
    },
    async (request) => cashout.quote(currentPlayer(request).account.id, request.params.id),
  );

  app.post(
    '/api/v2/sport/bets/:id/cashout',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['sport'],
        summary: 'Cash out a ticket on a quote, wholly or in part (requires Idempotency-Key)',
        description:
          '`amount` absent: the whole quote; present (0 < amount < quote): that much, and the ' +
          'ticket keeps the rest of its stake in proportion. 409 sport_cashout_quote_expired ' +
          '(payload `reason`: time, used, stake, price) when the quote is past its time, used, ' +
          'for a stake a partial cash-out changed since, or the prices now give less; ' +
          '409 sport_cashout_unavailable when the ticket closed or a leg is suspended. Answers ' +
          'the ticket.',
        security: playerSecurity,
        params: sportTicketParamsSchema,
        body: sportCashoutBodySchema,
        response: {
          200: sportTicketSchema,
          ...errorResponses(
            ...playerErrors,
            'validation_error',
            'not_found',
            'sport_cashout_unavailable',
            'sport_cashout_quote_expired',
            'idempotency_key_reused',
            'payload_too_large',
            'unsupported_media_type',
          ),
        },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (transaction) => ({
        statusCode: 200,
        body: await cashout.cashOut(
          transaction,
          currentPlayer(request).account.id,
          request.params.id,
          request.body,
        ),
      })),
  );

  app.get(
    '/api/backoffice/v1/sport/cashout-settings',
    {
      onRequest: app.authorizeOperator('admin', 'trading', 'support', 'finance', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary: 'The cash-out switch and margin (admin, trading, support, finance, read_only)',
        security: operatorSecurity,
        response: {
          200: sportCashoutSettingsSchema,
          ...errorResponses(...operatorErrors),
        },
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'no-store').send(await cashout.settings()),
  );

  app.put(
    '/api/backoffice/v1/sport/cashout-settings',
    {
      onRequest: app.authorizeOperator('admin', 'trading'),
      schema: {
        tags: ['backoffice'],
        summary: 'Switch cash-out on or off and set its margin (admin, trading; audited)',
        description:
          '`marginPercent`: 0–50 with up to two decimals, the share of a ticket’s fair value ' +
          'the book keeps while a leg is open. Applies to quotes given from now on.',
        security: operatorSecurity,
        body: sportCashoutSettingsBodySchema,
        response: {
          200: sportCashoutSettingsSchema,
          ...errorResponses(
            'validation_error',
            'payload_too_large',
            'unsupported_media_type',
            ...operatorErrors,
          ),
        },
      },
    },
    async (request) =>
      cashout.updateSettings(
        {
          operatorId: currentOperator(request).operator.id,
          context: requestContext(request),
        },
        request.body,
      ),
  );
};
