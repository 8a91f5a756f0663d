import {
  bonusOffersResponseSchema,
  bonusSettingsSchema,
  currencyDepositBonusesSchema,
  dailyBonusShownSchema,
  dailyBonusStatusSchema,
  gamesPageSchema,
  loyaltySettingsBodySchema,
  pageQuerySchema,
  userBonusesResponseSchema,
  userBonusSchema,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { currentPlayer } from '../../../plugins/authentication.ts';
import { playerSecurity } from '../../../plugins/openapi.ts';
import type { GamesService } from '../../casino/games/games.service.ts';
import { countryOfIp } from '../../platform/region/region.service.ts';
import type { BonusLifecycle } from './bonus-lifecycle.service.ts';
import type { CashierBonuses } from './cashier-bonuses.service.ts';
import type { PlayerBonuses } from './player-bonuses.service.ts';

const bonusParams = z.strictObject({ id: z.string().min(1).max(64) });
const playerErrors = ['unauthorized', 'user_banned', 'region_restricted'] as const;

/** The player's bonus calls (wallet spec §7 and the paths documented in the README). */
export const bonusesRoutes: FastifyPluginAsyncZod<{
  /** the bonus engine's parts these calls use (promotions.wiring.ts) */
  bonuses: {
    player: Pick<
      PlayerBonuses,
      | 'offers'
      | 'userBonuses'
      | 'bonusGameIds'
      | 'dailyStatus'
      | 'markDailyShown'
      | 'useDaily'
      | 'saveLoyalty'
    >;
    lifecycle: Pick<BonusLifecycle, 'cancel'>;
    cashier: Pick<CashierBonuses, 'currencyDepositBonuses'>;
  };
  games: Pick<GamesService, 'pageOfGames'>;
}> = async (app, { bonuses, games }) => {
  app.get(
    '/api/v2/bonuses',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['bonuses'],
        summary:
          'The offers open to the player (welcome steps, everyday, deposit, personal) and the player’s bonus settings',
        description:
          'Unpaginated. Money in the player’s primary currency (offers are defined in USD). ' +
          'status is inactive for a welcome offer already received; isCurrent marks what the next deposit receives.',
        security: playerSecurity,
        response: { 200: bonusOffersResponseSchema, ...errorResponses(...playerErrors) },
      },
    },
    async (request) => bonuses.player.offers(currentPlayer(request).account),
  );

  app.get(
    '/api/v2/bonuses/user',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['bonuses'],
        summary: 'The player’s bonuses: active and pending first, then newest (at most 200)',
        security: playerSecurity,
        response: { 200: userBonusesResponseSchema, ...errorResponses(...playerErrors) },
      },
    },
    async (request) => bonuses.player.userBonuses(currentPlayer(request).account),
  );

  app.get(
    '/api/v2/bonuses/user/:id/games',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['bonuses'],
        summary: 'The games of one of the player’s bonuses (every enabled game when it lists none)',
        security: playerSecurity,
        params: bonusParams,
        querystring: pageQuerySchema,
        response: {
          200: gamesPageSchema,
          ...errorResponses(...playerErrors, 'validation_error', 'not_found'),
        },
      },
    },
    async (request) => {
      const { account } = currentPlayer(request);
      const gameIds = await bonuses.player.bonusGameIds(account, request.params.id);
      return await games.pageOfGames(
        { userId: account.id, country: countryOfIp(request.ip), currency: account.primaryCurrency },
        gameIds,
        request.query,
      );
    },
  );

  app.post(
    '/api/v2/bonuses/user/:id/cancel',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['bonuses'],
        summary:
          'Give up an active or pending bonus: its bonus money is forfeited (requires Idempotency-Key)',
        security: playerSecurity,
        params: bonusParams,
        response: {
          200: userBonusSchema,
          ...errorResponses(
            ...playerErrors,
            'validation_error',
            'not_found',
            'bonus_not_cancellable',
            'idempotency_key_reused',
          ),
        },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (transaction) => ({
        statusCode: 200,
        body: await bonuses.lifecycle.cancel(
          transaction,
          currentPlayer(request).account,
          request.params.id,
        ),
      })),
  );

  app.get(
    '/api/v2/bonuses/daily',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['bonuses'],
        summary:
          'The daily (everyday) bonus: availability (4+ deposits, once per UTC day) and drawer state',
        security: playerSecurity,
        response: { 200: dailyBonusStatusSchema, ...errorResponses(...playerErrors) },
      },
    },
    async (request) => bonuses.player.dailyStatus(currentPlayer(request).account),
  );

  app.put(
    '/api/v2/bonuses/daily/show',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['bonuses'],
        summary: 'Mark the bonus drawer shown now',
        security: playerSecurity,
        response: { 200: dailyBonusShownSchema, ...errorResponses(...playerErrors) },
      },
    },
    async (request) => bonuses.player.markDailyShown(currentPlayer(request).account),
  );

  app.post(
    '/api/v2/bonuses/daily/use',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['bonuses'],
        summary:
          'Arm today’s everyday bonus: the next deposit completed this UTC day receives it (requires Idempotency-Key)',
        security: playerSecurity,
        response: {
          200: dailyBonusStatusSchema,
          ...errorResponses(
            ...playerErrors,
            'bonus_not_available',
            'daily_bonus_used',
            'idempotency_key_reused',
          ),
        },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (transaction) => ({
        statusCode: 200,
        body: await bonuses.player.useDaily(transaction, currentPlayer(request).account),
      })),
  );

  app.post(
    '/api/v2/users/loyalty',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['bonuses'],
        summary: 'Save the player’s bonus settings (any subset); answers the saved settings',
        security: playerSecurity,
        body: loyaltySettingsBodySchema,
        response: {
          200: bonusSettingsSchema,
          ...errorResponses(...playerErrors, 'validation_error'),
        },
      },
    },
    async (request) => bonuses.player.saveLoyalty(currentPlayer(request).account, request.body),
  );

  app.get(
    '/api/v1/wallet/currencies/bonus',
    {
      schema: {
        tags: ['bonuses'],
        summary: 'Currencies (and networks) whose deposits earn a deposit bonus, as a fraction',
        response: { 200: currencyDepositBonusesSchema, ...errorResponses() },
      },
    },
    async () => bonuses.cashier.currencyDepositBonuses(),
  );
};
