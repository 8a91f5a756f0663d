import { type ErrorCode, errorStatusByCode } from '@casino/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseRetryAfterSeconds, isDatabaseUnavailable } from '../db/connection-errors.ts';
import { isAppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import { buildErrorBody } from '../lib/error-body.ts';
import { toFieldErrors } from '../lib/validation-fields.ts';

interface Classified {
  code: ErrorCode;
  message?: string;
  payload?: Record<string, unknown>;
  headers?: Readonly<Record<string, string>>;
}

const codeByFastifyError: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_BAD_URL: 'bad_request',
  FST_ERR_NOT_FOUND: 'not_found',
};

const codeByClientStatus: Record<number, ErrorCode> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

function classify(error: unknown, request: FastifyRequest): Classified {
  if (isAppError(error)) {
    return {
      code: error.code,
      message: error.message,
      ...(error.payload ? { payload: error.payload } : {}),
      headers: error.headers,
    };
  }
  if (isDatabaseUnavailable(error)) {
    // PostgreSQL is down, restarting or out of reach: nothing is wrong with the request, and
    // nothing was committed (an Idempotency-Key makes the retry safe if COMMIT itself broke).
    return {
      code: 'service_unavailable',
      message: 'The service is temporarily unavailable; try again shortly.',
      headers: { 'retry-after': String(databaseRetryAfterSeconds) },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = error.validationContext;
    const input =
      context === 'querystring' ? request.query : context ? request[context] : undefined;
    return {
      code: 'validation_error',
      payload: { fields: toFieldErrors(error.validation, context, input) },
    };
  }
  if (typeof error !== 'object' || error === null) return { code: 'internal_error' };
  const fastifyError = error as Partial<FastifyError>;
  const known = fastifyError.code ? codeByFastifyError[fastifyError.code] : undefined;
  if (known) return { code: known };
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { code: codeByClientStatus[status] ?? 'bad_request' };
  }
  return { code: 'internal_error' };
}

/** Every error leaves as the one error body; 5xx bodies reveal nothing and are logged whole. */
export function sendError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  clock: Clock,
): FastifyReply {
  const classified = classify(error, request);
  const body = buildErrorBody({
    code: classified.code,
    requestId: request.id,
    time: clock.now(),
    message: classified.code === 'internal_error' ? undefined : classified.message,
    payload: classified.payload,
  });
  if (classified.code === 'internal_error') {
    request.log.error({ err: error }, 'request failed');
  } else if (classified.code === 'service_unavailable' && !isAppError(error)) {
    request.log.warn(
      { detail: classified.code, reason: error instanceof Error ? error.message : String(error) },
      'request rejected: the database (or another dependency) is not reachable',
    );
  } else {
    request.log.info({ detail: classified.code }, 'request rejected');
  }
  for (const [name, value] of Object.entries(classified.headers ?? {})) reply.header(name, value);
  return reply.code(errorStatusByCode[classified.code]).send(body);
}

export default fastifyPlugin(
  async (app, options: { clock: Clock }) => {
    app.setErrorHandler((error, request, reply) => sendError(error, request, reply, options.clock));
  },
  { name: 'error-handler' },
);
