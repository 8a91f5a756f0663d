import fastifyPlugin from 'fastify-plugin';
import helmet from 'helmet';

/**
 * CSP for the Vite-built player app. It also runs as a messenger mini-app, so the messenger's
 * web origins may frame it (X-Frame-Options would forbid that, hence frame-ancestors only).
 *
 * Helmet's middleware is built once and applied to every response's headers (@fastify/helmet
 * rebuilt it, parsing the CSP, on every request).
 */
export default fastifyPlugin(
  async (app, options: { secureTransport: boolean }) => {
    const headers = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // TON Connect shows each wallet's icon from that wallet's own host
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          // TON Connect reaches every wallet's own bridge (an HTTPS event stream) and the wallet
          // list, and the TON balance comes from a blockchain API: their hosts are the wallets'
          connectSrc: ["'self'", 'ws:', 'wss:', 'https:'],
          objectSrc: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'", 'https://web.telegram.org', 'https://*.telegram.org'],
          // Over plain HTTP (local development) upgrading would break every asset request.
          ...(options.secureTransport ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      frameguard: false,
      hsts: options.secureTransport ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    app.addHook('onRequest', (request, reply, done) => {
      headers(request.raw, reply.raw, (error?: unknown) => {
        done(error instanceof Error ? error : undefined);
      });
    });
  },
  { name: 'security-headers' },
);
