import {
  seamlessBalanceRequestSchema,
  seamlessBetRequestSchema,
  seamlessBodyLimitBytes,
  seamlessRollbackRequestSchema,
  seamlessSignatureHeader,
  seamlessUserInfoRequestSchema,
  seamlessUserInfoResponseSchema,
  seamlessWalletResponseSchema,
  seamlessWinRequestSchema,
} from '@casino/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signRsaSha256 } from './seamless-signature.ts';
import type {
  SeamlessWalletService,
  WalletAnswer,
  WalletEndpoint,
} from './seamless-wallet.service.ts';

/** Field order of every answer, so a repeated answer is byte for byte the first one. */
const answerFieldOrder = [
  'status',
  'request_uuid',
  'user',
  'currency',
  'birth_date',
  'sex',
  'tags',
] as const satisfies ReadonlyArray<Exclude<keyof WalletAnswer, 'balance'>>;

/** Exact JSON in a fixed field order: the balance is a bigint and never passes through a float. */
export function serializeWalletAnswer(answer: WalletAnswer): string {
  const ordered: Record<string, unknown> = {};
  for (const field of answerFieldOrder) {
    if (answer[field] !== undefined) ordered[field] = answer[field];
  }
  const text = JSON.stringify(ordered);
  return answer.balance === undefined
    ? text
    : `${text.slice(0, -1)},"balance":${answer.balance.toString()}}`;
}

const endpoints: Array<{
  endpoint: WalletEndpoint;
  path: string;
  summary: string;
  body: z.ZodType;
  response: z.ZodType;
}> = [
  {
    endpoint: 'info',
    path: '/user/info',
    summary: 'The player’s details',
    body: seamlessUserInfoRequestSchema,
    response: seamlessUserInfoResponseSchema,
  },
  {
    endpoint: 'balance',
    path: '/user/balance',
    summary: 'The player’s balance in the session currency',
    body: seamlessBalanceRequestSchema,
    response: seamlessWalletResponseSchema,
  },
  {
    endpoint: 'bet',
    path: '/transaction/bet',
    summary: 'Debit a stake (at most once per transaction_uuid)',
    body: seamlessBetRequestSchema,
    response: seamlessWalletResponseSchema,
  },
  {
    endpoint: 'win',
    path: '/transaction/win',
    summary: 'Credit a win for a bet of the same round (accepted after the token expired)',
    body: seamlessWinRequestSchema,
    response: seamlessWalletResponseSchema,
  },
  {
    endpoint: 'rollback',
    path: '/transaction/rollback',
    summary: 'Cancel a bet, refunding it once (an unknown bet is remembered and refused later)',
    body: seamlessRollbackRequestSchema,
    response: seamlessWalletResponseSchema,
  },
];

const paramsSchema = z.object({ providerId: z.string() });
/** A request the app refuses before the wallet sees it, answered in the protocol's shape. */
const refusedSchema = seamlessWalletResponseSchema.describe(
  'RS_ERROR_WRONG_SYNTAX, unsigned: a malformed URL or U+0000 in it (400), a session-cookie ' +
    'request from another origin (403), a body over 16 KiB (413) or not JSON (415)',
);
const headersSchema = z.object({
  [seamlessSignatureHeader]: z
    .string()
    .describe('base64 RSA-SHA256 (or HMAC-SHA256, when configured) of the raw request body'),
});

/**
 * The seamless wallet API under `/api/seamless/{providerId}/…`, outside the player API: no player
 * session, no region check. The body is kept as raw bytes (the signature covers them exactly)
 * and validated by the service after the signature holds. Answers are HTTP 200 with a contract
 * status, signed with our key in the same header; an unexpected failure is HTTP 500
 * `RS_ERROR_UNKNOWN` (nothing was applied: the provider retries or rolls back).
 */
export const seamlessWalletRoutes: FastifyPluginAsyncZod<{
  wallet: SeamlessWalletService;
}> = async (app, { wallet }) => {
  // This context only: the raw bytes become the body; the rest of the API parses JSON as usual.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: seamlessBodyLimitBytes },
    (_request, body, done) => done(null, body),
  );

  const sendAnswer = (
    reply: FastifyReply,
    httpStatus: number,
    answer: WalletAnswer,
    signingKeyPem: string | null,
  ) => {
    const text = serializeWalletAnswer(answer);
    if (signingKeyPem !== null) {
      reply.header(seamlessSignatureHeader, signRsaSha256(text, signingKeyPem));
    }
    return reply.code(httpStatus).type('application/json; charset=utf-8').send(text);
  };

  // Malformed requests (no JSON content type, too large) still get a contract answer.
  app.setErrorHandler((error: { statusCode?: number }, request: FastifyRequest, reply) => {
    const status = error.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      request.log.info({ statusCode: status }, 'seamless wallet request rejected');
      return sendAnswer(reply, status, { status: 'RS_ERROR_WRONG_SYNTAX' }, null);
    }
    request.log.error({ err: error }, 'seamless wallet request failed');
    return sendAnswer(reply, 500, { status: 'RS_ERROR_UNKNOWN' }, null);
  });

  for (const { endpoint, path, summary, body, response } of endpoints) {
    app.post(
      `/api/seamless/:providerId${path}`,
      {
        bodyLimit: seamlessBodyLimitBytes,
        // The signature must be checked over the raw bytes first; the service validates after.
        validatorCompiler: () => (value) => ({ value }),
        schema: {
          tags: ['seamless'],
          summary,
          description:
            'Called by a game provider. Amounts are integers in 1/100000 of the currency. ' +
            'The answer is signed in X-Hub88-Signature with the account’s `ourPublicKey`.',
          params: paramsSchema,
          headers: headersSchema,
          body,
          response: {
            200: response,
            400: refusedSchema,
            403: refusedSchema,
            413: refusedSchema,
            415: refusedSchema,
            500: seamlessWalletResponseSchema.describe(
              'RS_ERROR_UNKNOWN, unsigned: nothing applied',
            ),
          },
        },
      },
      async (request, reply) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers[seamlessSignatureHeader];
        const signature = typeof header === 'string' ? header : undefined;
        const { providerId } = request.params as { providerId: string };
        const { answer, signingKeyPem } = await wallet.handle(
          endpoint,
          providerId,
          rawBody,
          signature,
        );
        return sendAnswer(reply, 200, answer, signingKeyPem);
      },
    );
  }
};
