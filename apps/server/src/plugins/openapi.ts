import { operatorSessionCookie, playerSessionCookie } from '@casino/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyPlugin from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const openApiPath = '/api/docs';

/** The OpenAPI document is generated from the routes' zod schemas; UI at /api/docs. */
export default fastifyPlugin(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Casino platform API',
          description:
            'Player API under /api/v1 (region restricted) and operator API under /api/backoffice/v1. ' +
            'Every error has the body { detail, message, payload?, key, time }.',
          version: '1.0.0',
        },
        tags: [
          { name: 'auth', description: 'Player registration and sessions' },
          { name: 'profile', description: 'The signed-in player' },
          { name: 'languages', description: 'Interface languages' },
          { name: 'backoffice', description: 'Operator API' },
          { name: 'health', description: 'Probes' },
        ],
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', description: 'Session token' },
            playerCookie: { type: 'apiKey', in: 'cookie', name: playerSessionCookie },
            operatorCookie: { type: 'apiKey', in: 'cookie', name: operatorSessionCookie },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: openApiPath });
  },
  { name: 'openapi' },
);

type SecurityRequirements = Array<Record<string, string[]>>;

export const playerSecurity: SecurityRequirements = [{ bearer: [] }, { playerCookie: [] }];
export const operatorSecurity: SecurityRequirements = [{ bearer: [] }, { operatorCookie: [] }];
