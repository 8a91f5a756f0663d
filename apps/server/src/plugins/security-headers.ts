import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyPlugin from 'fastify-plugin';
import helmet from 'helmet';
import { categoryPaintGuardScriptHash } from './web-category-paint.ts';
import { gamePaintGuardScriptHash } from './web-game-paint.ts';
import { guestHeroGuardScriptHash } from './web-guest-hero.ts';
import { sportsbookPaintGuardScriptHash } from './web-sportsbook-paint.ts';

/**
 * The inline scripts the player app's page may run, by their hashes: the guards of the pages the
 * HTML draws (the guest hero, a category's first screen, a game page, the sportsbook).
 */
export const firstPaintGuardScriptHashes = [
  guestHeroGuardScriptHash,
  categoryPaintGuardScriptHash,
  gamePaintGuardScriptHash,
  sportsbookPaintGuardScriptHash,
];

type Middleware = (
  request: IncomingMessage,
  response: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/** The headers the middleware sets (and it removes none that a reply would have). */
export function recordHeaders(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    failure = error;
    finished = true;
  });
  if (!finished) throw new Error('the headers middleware did not finish at once');
  if (failure !== undefined) throw failure;
  return headers;
}

/**
 * CSP for the Vite-built player app. It also runs as a messenger mini-app, so the messenger's
 * web origins may frame it (X-Frame-Options would forbid that, hence frame-ancestors only).
 *
 * Helmet's headers do not depend on the request: its middleware runs once, on a response that
 * records them, and every reply starts with that record. (@fastify/helmet rebuilt the middleware,
 * parsing the CSP, on every request; running it per request set a dozen headers one by one on
 * the raw response, where Node validates each, and took Node's slower path for writing the rest.)
 */
export default fastifyPlugin(
  async (
    app,
    options: {
      secureTransport: boolean;
      /** the support chat widget's origin (SUPPORT_CHAT_WIDGET_URL): its script, API and frame */
      supportChatOrigin?: string | null | undefined;
    },
  ) => {
    const chat = options.supportChatOrigin ? [options.supportChatOrigin] : [];
    const headers = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          // the first paints' guard scripts by their hashes, and the support chat's origin
          scriptSrc: ["'self'", ...firstPaintGuardScriptHashes, ...chat],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // TON Connect shows each wallet's icon from that wallet's own host
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          // TON Connect reaches every wallet's own bridge (an HTTPS event stream) and the wallet
          // list, and the TON balance comes from a blockchain API: their hosts are the wallets'
          connectSrc: ["'self'", 'ws:', 'wss:', 'https:', ...chat],
          // the support chat widget opens its conversation in a frame of its own origin
          // (without it, frames fall back to default-src 'self')
          ...(chat.length > 0 ? { frameSrc: ["'self'", ...chat] } : {}),
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
    const recorded = recordHeaders(headers);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(recorded);
      done();
    });
  },
  { name: 'security-headers' },
);
