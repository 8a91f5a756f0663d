import fastifyPlugin from 'fastify-plugin';
import type { RegionService } from '../modules/region/region.service.ts';

const playerApiPrefixes = ['/api/v1', '/api/v2'];

/**
 * The player API (v1 and v2); health probes, static files, the backoffice and the providers'
 * seamless-wallet calls are never region checked.
 */
export function isRegionCheckedPath(url: string): boolean {
  return playerApiPrefixes.some(
    (prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`),
  );
}

/** 451 region_restricted for player API calls from a restricted country, before anything else. */
export default fastifyPlugin(
  async (app, options: { region: RegionService }) => {
    app.addHook('onRequest', async (request) => {
      if (isRegionCheckedPath(request.url)) await options.region.assertAllowed(request.ip);
    });
  },
  { name: 'region-restriction' },
);
