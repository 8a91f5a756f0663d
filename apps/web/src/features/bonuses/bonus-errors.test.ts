import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { describeError } from '@/lib/error-message';
import { initI18n, loadAllLanguages } from '@/lib/i18n';

// other languages load on demand (lib/i18n.ts); these tests render them at once
beforeAll(loadAllLanguages);

const bonusErrorCodes = [
  'bonus_max_bet_exceeded',
  'bonus_active',
  'bonus_not_available',
  'bonus_not_cancellable',
  'freespins_unavailable',
  'daily_bonus_used',
] as const;

describe('bonus error details', () => {
  const i18n = initI18n('en');

  it('are translated in English and Russian', () => {
    for (const code of bonusErrorCodes) {
      for (const lng of ['en', 'ru']) {
        expect(i18n.exists(`Errors.${code}`, { lng, fallbackLng: false }), `${lng} ${code}`).toBe(
          true,
        );
      }
    }
  });

  it('name the maximum bet from the error payload', () => {
    const error = new ApiError(409, {
      detail: 'bonus_max_bet_exceeded',
      message: 'While a bonus is wagered a stake may not exceed its maximum bet.',
      payload: { maxBet: '5.00', currency: 'USD' },
      key: 'req-1',
      time: '2026-03-14T10:00:00.000Z',
    });
    const description = describeError(error, (key) => i18n.exists(key));
    expect(description.messageKey).toBe('Errors.bonus_max_bet_exceeded');
    expect(i18n.t(description.messageKey, { ...description.params, lng: 'en' })).toBe(
      'While a bonus is being wagered, a bet may not exceed 5.00 USD.',
    );
    expect(i18n.t(description.messageKey, { ...description.params, lng: 'ru' })).toContain(
      '5.00 USD',
    );
  });
});
