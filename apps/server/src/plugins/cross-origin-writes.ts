import { operatorSessionCookie, playerSessionCookie } from '@casino/contract';
import type { FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { normaliseOrigin } from '../lib/origin.ts';

/** Methods that change state; GET, HEAD and OPTIONS never do here. */
const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function singleHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The origin the request was sent to, as Fastify sees it (behind a trusted proxy, the forwarded
 * scheme and host). */
function ownOrigin(request: FastifyRequest): string | null {
  return normaliseOrigin(`${request.protocol}://${request.host}`);
}

/**
 * Whether a state-changing request that carries a session cookie was sent by another origin's
 * page, the way Go's `http.CrossOriginProtection` decides it:
 * - `Sec-Fetch-Site` (set by the browser, never by a page's script) decides when present: only
 *   `same-origin` and `none` (the user's own navigation) are ours; `same-site` is not, since a
 *   sibling subdomain is another party;
 * - else `Origin` must be the app's own origin;
 * - neither header: not a browser (curl, a server, an old client), which no other site can make
 *   send the player's cookie, so allowed. Every browser sends `Origin` on a cross-origin POST.
 * An origin in `allowedOrigins` (ALLOWED_ORIGINS) is accepted in both cases. Requests without the
 * session cookie (a `Bearer` token, a provider's signed callback) are not concerned: another
 * site's page cannot make a browser attach those.
 */
export function isCrossOriginWrite(
  request: FastifyRequest,
  allowedOrigins: ReadonlySet<string>,
): boolean {
  if (!stateChangingMethods.has(request.method)) return false;
  const cookies = request.cookies;
  if (cookies[playerSessionCookie] === undefined && cookies[operatorSessionCookie] === undefined) {
    return false;
  }
  const originHeader = singleHeader(request, 'origin');
  const origin = originHeader === undefined ? undefined : normaliseOrigin(originHeader);
  if (origin && allowedOrigins.has(origin)) return false;
  const site = singleHeader(request, 'sec-fetch-site');
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  if (originHeader === undefined) return false;
  return origin === null || origin !== ownOrigin(request);
}

/**
 * Refuses, before anything else runs, a cookie-authenticated change sent from another origin's
 * page (cross-site request forgery): 403 cross_origin_request. The session cookie is SameSite=Lax,
 * which keeps other sites' forms out but not a sibling subdomain or an old browser.
 */
export default fastifyPlugin(
  async (app, options: { allowedOrigins: readonly string[] }) => {
    const allowed = new Set(options.allowedOrigins);
    app.addHook('onRequest', (request, _reply, done) => {
      done(isCrossOriginWrite(request, allowed) ? new AppError('cross_origin_request') : undefined);
    });
  },
  { name: 'cross-origin-writes', dependencies: ['@fastify/cookie'] },
);
