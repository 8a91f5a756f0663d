import type { ErrorCode } from '@casino/contract';
import type { RouteOptions } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { errorResponses } from '../lib/error-body.ts';
import { authenticationDemandOf } from './authentication.ts';
import { isRegionCheckedPath } from './region-restriction.ts';

/** Methods whose body Fastify parses (and whose session-cookie calls the origin check guards). */
const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The errors the app's own machinery can answer on a route, whatever its handler does:
 * - any route: 400 (a malformed URL, U+0000 in an input, its schema), 500, 503 (a dependency
 *   down, or the server shutting down);
 * - a method with a body: 413 (BODY_LIMIT_BYTES), 415 (not JSON), 403 cross_origin_request;
 * - an authentication hook: 401 (not signed in; a banned player's user_banned), and 403 for an
 *   operator without one of the route's roles, outside their IP allow-list, or not yet enrolled
 *   in a required two-factor;
 * - the player API (region checked): 451.
 */
export function machineryErrorCodes(route: Pick<RouteOptions, 'method' | 'url' | 'onRequest'>) {
  const methods = [route.method].flat();
  const codes: ErrorCode[] = ['validation_error', 'internal_error', 'service_unavailable'];
  if (methods.some((method) => bodyMethods.has(method))) {
    codes.push('payload_too_large', 'unsupported_media_type', 'cross_origin_request');
  }
  for (const hook of [route.onRequest ?? []].flat()) {
    const demand = authenticationDemandOf(hook);
    if (demand === undefined) continue;
    codes.push('unauthorized');
    if (demand.kind !== 'operator') continue;
    codes.push('ip_not_allowed');
    if (demand.roles.length > 0) codes.push('forbidden');
    if (!demand.enrolling) codes.push('totp_enrolment_required');
  }
  if (isRegionCheckedPath(route.url)) codes.push('region_restricted');
  return codes;
}

/**
 * Declares on every route, in its response schema and so in the OpenAPI document, the error
 * statuses of `machineryErrorCodes` that the route does not declare itself (a route keeps its
 * own, e.g. the seamless wallet's answers in its protocol's shape). Registered before any route.
 */
export default fastifyPlugin(
  async (app) => {
    app.addHook('onRoute', (route) => {
      const own = (route.schema?.response ?? {}) as Record<string, unknown>;
      const response: Record<string, unknown> = { ...own };
      for (const [status, body] of Object.entries(errorResponses(...machineryErrorCodes(route)))) {
        if (!(status in response)) response[status] = body;
      }
      // new objects: a schema may be shared by several routes that answer differently
      route.schema = { ...route.schema, response };
    });
  },
  { name: 'declared-errors' },
);
