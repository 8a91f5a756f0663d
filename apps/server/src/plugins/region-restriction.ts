import fastifyPlugin from 'fastify-plugin';
import type { RegionService } from '../modules/platform/region/region.service.ts';

const playerApiPrefixes = ['/api/v1', '/api/v2'];
/** Called by payment services from wherever they run, never by a player's browser. */
const webhookPrefix = '/api/v1/webhooks/';

/**
 * The player API (v1 and v2); health probes, static files, the backoffice, the providers'
 * seamless-wallet calls and payment webhooks (`/api/v1/webhooks/…`) are never region checked.
 */
export function isRegionCheckedPath(url: string): boolean {
  if (url.startsWith(webhookPrefix)) return false;
  return playerApiPrefixes.some(
    (prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`),
  );
}

/** 451 region_restricted for player API calls from a restricted country, before anything else. */
export default fastifyPlugin(
  async (app, options: { region: RegionService }) => {
    app.addHook('onRequest', (request, _reply, done) => {
      if (!isRegionCheckedPath(request.url)) {
        done();
        return;
      }
      options.region.assertAllowed(request.ip).then(() => done(), done);
    });
  },
  { name: 'region-restriction' },
);
