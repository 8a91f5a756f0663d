import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { authFormAlert } from './auth-error';

/** Answers the key and its parameters, so the test sees which message was picked with what. */
const t = ((key: string, params?: Record<string, string>) =>
  params ? `${key} ${JSON.stringify(params)}` : key) as unknown as TFunction;

function refused(detail: 'timed_out' | 'self_excluded', payload: Record<string, unknown>) {
  return new ApiError(403, {
    detail,
    message: 'x',
    payload,
    key: 'req-1',
    time: '2026-11-26T12:00:00.000Z',
  });
}

const key = 'responsibleGambling.exclusion';
const base = { until: null, reopenable: false, reopensAt: null, registry: null };
const until = '2026-12-03T12:00:00.000Z';
const when = new Intl.DateTimeFormat('en', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
}).format(new Date(until));

describe('a sign-in refused for a time-out or self-exclusion', () => {
  const alert = (error: ApiError) => authFormAlert(error, t, () => true, 'en');

  it('says until when, or that it is indefinite, or that a national registry lists the player', () => {
    expect(alert(refused('timed_out', { ...base, until }))).toMatchObject({
      message: `${key}.timed_out_until ${JSON.stringify({ until: when })}`,
      reopenable: false,
    });
    expect(alert(refused('self_excluded', { ...base, until }))).toMatchObject({
      message: `${key}.self_excluded_until ${JSON.stringify({ until: when })}`,
      reopenable: false,
    });
    expect(alert(refused('self_excluded', base))).toMatchObject({
      message: `${key}.self_excluded_indefinite`,
    });
    expect(alert(refused('self_excluded', { ...base, registry: 'national' }))).toMatchObject({
      message: `${key}.registry`,
      reopenable: false,
    });
  });

  it('offers reopening an ended self-exclusion, then says when it reopens', () => {
    expect(alert(refused('self_excluded', { ...base, until, reopenable: true }))).toMatchObject({
      message: `${key}.ended ${JSON.stringify({ until: when })}`,
      reopenable: true,
    });
    expect(alert(refused('self_excluded', { ...base, until, reopensAt: until }))).toMatchObject({
      message: `${key}.reopens_at ${JSON.stringify({ when })}`,
      reopenable: false,
    });
  });
});
