import type { FastifyRequest } from 'fastify';
import { normaliseIpAddress, toInetOrNull } from './client-address.ts';

/** Who is calling, as services record it (sessions, audit log, rate limits). */
export interface RequestContext {
  /** the client IP (X-Forwarded-For is honoured only behind a configured trusted proxy) */
  ip: string;
  /** the same IP when it is a valid address for an `inet` column, else null */
  inet: string | null;
  userAgent: string | null;
  requestId: string;
}

const userAgentMaxLength = 512;

export function requestContext(request: FastifyRequest): RequestContext {
  const userAgent = request.headers['user-agent'];
  return {
    ip: normaliseIpAddress(request.ip),
    inet: toInetOrNull(request.ip),
    userAgent: userAgent ? userAgent.slice(0, userAgentMaxLength) : null,
    requestId: request.id,
  };
}
