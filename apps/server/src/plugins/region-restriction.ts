import fastifyPlugin from 'fastify-plugin';
import type { RegionService } from '../modules/region/region.service.ts';

/** The player API; health probes, static files and the backoffice are never region checked. */
export function isRegionCheckedPath(url: string): boolean {
  return url === '/api/v1' || url.startsWith('/api/v1/') || url.startsWith('/api/v1?');
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
