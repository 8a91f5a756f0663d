import { billingSchema, profileSchema, updateProfileBodySchema } from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { currentPlayer } from '../../../plugins/authentication.ts';
import { playerSecurity } from '../../../plugins/openapi.ts';
import type { UsersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  app.get(
    '/api/v1/me',
    {
      // read-only: the session may come from this process's session cache
      onRequest: app.authenticatePlayerForRead,
      schema: {
        tags: ['profile'],
        summary: 'The signed-in player’s profile, with a fresh websocket token',
        security: playerSecurity,
        response: {
          200: profileSchema,
          ...errorResponses('unauthorized', 'user_banned', 'region_restricted'),
        },
      },
    },
    async (request) => await users.getSignedInProfile(currentPlayer(request)),
  );

  app.patch(
    '/api/v1/me',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['profile'],
        summary: 'Change the language, personal data or primary currency of the signed-in player',
        description:
          'First and last name can be set while isNameChangeAvailable is true; once both are ' +
          'saved a different value answers 409 name_change_unavailable. The primary currency ' +
          'cannot change while a bonus is active or pending (409 bonus_active); the ' +
          'responsible-gambling limits are converted into the new one (rounded down). ' +
          '`realityCheckMinutes` (15, 30, 45, 60, 90, 120 or null) sets the reality-check interval.',
        security: playerSecurity,
        body: updateProfileBodySchema,
        response: {
          200: profileSchema,
          ...errorResponses(
            'validation_error',
            'unauthorized',
            'user_banned',
            'name_change_unavailable',
            'bonus_active',
            'payload_too_large',
            'unsupported_media_type',
            'region_restricted',
          ),
        },
      },
    },
    async (request) => {
      const { account, sessionId } = currentPlayer(request);
      return await users.updateProfile(account.id, sessionId, request.body);
    },
  );

  app.get(
    '/api/v1/me/billing',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['profile'],
        summary: 'Count and sum of the player’s completed deposits',
        security: playerSecurity,
        response: {
          200: billingSchema,
          ...errorResponses('unauthorized', 'user_banned', 'region_restricted'),
        },
      },
    },
    async (request) => users.getBilling(currentPlayer(request).account.id),
  );
};
