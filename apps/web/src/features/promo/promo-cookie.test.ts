import type { PromoInfo } from '@casino/contract';
import { describe, expect, test } from 'vitest';
import { parsePromoInfo, promoModalVariant } from './promo-cookie';

const info: PromoInfo = {
  amount: '10.00',
  currency: 'USD',
  freespins_count: 0,
  freespins_amount: '0',
  code: 'FREE10',
  type: 'main',
};

const cookieOf = (value: unknown) =>
  `sidebar_state=true; promo_info=${encodeURIComponent(JSON.stringify(value))}; other=1`;

describe('promo info cookie', () => {
  test('the URL-encoded JSON cookie is read among others', () => {
    expect(parsePromoInfo(cookieOf(info))).toEqual(info);
  });
  test('no cookie, broken JSON or a wrong shape is no promo', () => {
    expect(parsePromoInfo('sidebar_state=true')).toBeNull();
    expect(parsePromoInfo('promo_info=%7Bnot-json')).toBeNull();
    expect(parsePromoInfo(cookieOf({ ...info, type: 'jackpot' }))).toBeNull();
    expect(parsePromoInfo(cookieOf({ code: 'X' }))).toBeNull();
  });
  test('the cookie type picks the modal: main added, bonus available, conditions have-promocode', () => {
    expect(promoModalVariant('main')).toBe('added');
    expect(promoModalVariant('bonus')).toBe('available');
    expect(promoModalVariant('conditions')).toBe('have-promocode');
  });
});
