import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api-error';
import { classifyGlobalError } from './global-errors';

function apiError(status: number, detail: string, payload?: Record<string, unknown>): ApiError {
  return new ApiError(status, {
    detail,
    message: detail,
    payload,
    key: 'req-1',
    time: '2025-01-01T00:00:00Z',
  });
}

describe('classifyGlobalError', () => {
  it('turns a banned answer into the ban screen with its reason and user id', () => {
    expect(
      classifyGlobalError(apiError(401, 'user_banned', { reason: 'kyc', globalId: '1042' })),
    ).toEqual({ kind: 'ban', ban: { reason: 'kyc', globalId: '1042' } });
  });

  it('falls back to the "other" reason when the ban payload is unknown', () => {
    expect(
      classifyGlobalError(apiError(401, 'user_banned', { reason: 'new_code', globalId: 7 })),
    ).toEqual({
      kind: 'ban',
      ban: { reason: 'other', globalId: '7' },
    });
  });

  it('turns a 451 into the region modal with country and IP', () => {
    expect(
      classifyGlobalError(apiError(451, 'region_restricted', { country: 'US', ip: '1.2.3.4' })),
    ).toEqual({ kind: 'region', region: { country: 'US', ip: '1.2.3.4' } });
  });

  it('treats an unreachable server as an unstable connection', () => {
    expect(classifyGlobalError(new NetworkError('offline'))).toEqual({ kind: 'connection' });
    expect(classifyGlobalError(new NetworkError('bad gateway', 502))).toEqual({
      kind: 'connection',
    });
  });

  it('expires the session on a plain unauthorized answer only', () => {
    expect(classifyGlobalError(apiError(401, 'unauthorized'))).toEqual({ kind: 'session-expired' });
    expect(classifyGlobalError(apiError(401, 'invalid_credentials'))).toBeNull();
  });

  it('leaves ordinary errors to the place that made the request', () => {
    expect(classifyGlobalError(apiError(409, 'email_taken'))).toBeNull();
    expect(classifyGlobalError(new Error('boom'))).toBeNull();
  });
});
