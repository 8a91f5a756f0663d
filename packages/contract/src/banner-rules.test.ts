import { describe, expect, test } from 'vitest';
import {
  type BannerViewer,
  bannerAction,
  bannerDescription,
  bannerHidingReason,
  bannerLink,
  isBannerHidden,
  isBannerVisible,
  openPlayerCategory,
  passesTypeRule,
} from './banner-rules.ts';
import type { Banner, BannerType, PlayerCategory } from './banners.ts';

function banner(overrides: Partial<Banner> = {}, category: Partial<PlayerCategory> = {}): Banner {
  return {
    id: 'b1',
    type: 'cashback',
    descriptions: {
      en: { image_bg: '/banners/bg.svg', image_fg: null, image_3: null, title: 'Hi', text: null },
    },
    url: null,
    games: [],
    game_providers: [],
    game_categories: [],
    promo_category: null,
    tournament: null,
    settings: { geo: [], player_category: { ...openPlayerCategory, ...category } },
    ...overrides,
  };
}

const guest: BannerViewer = {
  signedIn: false,
  isVip: false,
  hasDeposits: false,
  country: 'DE',
  billing: null,
  locale: 'en',
};
const player: BannerViewer = {
  ...guest,
  signedIn: true,
  billing: { countDeposit: 0, sumDeposits: '0.00' },
};
const vip: BannerViewer = { ...player, isVip: true };
const depositor: BannerViewer = {
  ...player,
  hasDeposits: true,
  billing: { countDeposit: 3, sumDeposits: '150.00' },
};

const tournament = {
  id: 'spring-race',
  descriptions: { en: { name: 'Spring race', image: '/tournaments/spring.svg' } },
  ends_at: '2030-01-01T00:00:00.000Z',
  vip_players_only: false,
};

describe('hiding rules (spec §5)', () => {
  test('a geo list hides the banner outside its countries, compared without case', () => {
    const geoBanner = banner({
      settings: { geo: ['de', 'AT'], player_category: openPlayerCategory },
    });
    expect(isBannerHidden(geoBanner, guest)).toBe(false);
    expect(bannerHidingReason(geoBanner, { ...guest, country: 'FR' })).toBe('geo');
    expect(bannerHidingReason(geoBanner, { ...guest, country: null })).toBe('geo');
    expect(isBannerHidden(banner(), { ...guest, country: null })).toBe(false);
  });

  test('authorized false hides the banner from signed-in players only', () => {
    const guestsOnly = banner({}, { authorized: false });
    expect(bannerHidingReason(guestsOnly, player)).toBe('guests_only');
    expect(isBannerHidden(guestsOnly, guest)).toBe(false);
  });

  test('vip false hides the banner from VIP players only', () => {
    const notForVip = banner({}, { vip: false });
    expect(bannerHidingReason(notForVip, vip)).toBe('not_for_vip');
    expect(isBannerHidden(notForVip, player)).toBe(false);
    expect(isBannerHidden(notForVip, guest)).toBe(false);
  });

  test('vip true needs a signed-in VIP player, or any signed-in player when all', () => {
    const vipOnly = banner({}, { vip: true });
    expect(isBannerHidden(vipOnly, vip)).toBe(false);
    expect(bannerHidingReason(vipOnly, player)).toBe('vip_only');
    expect(bannerHidingReason(vipOnly, guest)).toBe('vip_only');
    const vipOrAll = banner({}, { vip: true, all: true });
    expect(isBannerHidden(vipOrAll, player)).toBe(false);
    expect(bannerHidingReason(vipOrAll, guest)).toBe('vip_only');
  });

  test('authorized true without all needs a signed-in player', () => {
    const signedInOnly = banner({}, { authorized: true });
    expect(bannerHidingReason(signedInOnly, guest)).toBe('signed_in_only');
    expect(isBannerHidden(signedInOnly, player)).toBe(false);
    expect(isBannerHidden(banner({}, { authorized: true, all: true }), guest)).toBe(false);
  });

  test('deposit bounds hide the banner while billing is unknown', () => {
    const bounded = banner({}, { deposits_count_from: 0 });
    expect(bannerHidingReason(bounded, guest)).toBe('billing_unknown');
    expect(bannerHidingReason(bounded, { ...player, billing: null })).toBe('billing_unknown');
    expect(isBannerHidden(bounded, player)).toBe(false);
  });

  test('the deposit count must lie within its bounds, both inclusive', () => {
    const counted = banner({}, { deposits_count_from: 1, deposits_count_to: 3 });
    expect(bannerHidingReason(counted, player)).toBe('deposit_count');
    expect(isBannerHidden(counted, depositor)).toBe(false);
    const tooMany = { ...depositor, billing: { countDeposit: 4, sumDeposits: '150.00' } };
    expect(bannerHidingReason(counted, tooMany)).toBe('deposit_count');
  });

  test('the deposit sum must lie within its bounds, compared exactly in cents', () => {
    const summed = banner({}, { deposits_from: '150.00', deposits_to: '500' });
    expect(isBannerHidden(summed, depositor)).toBe(false);
    const below = { ...depositor, billing: { countDeposit: 3, sumDeposits: '149.99' } };
    expect(bannerHidingReason(summed, below)).toBe('deposit_sum');
    const above = { ...depositor, billing: { countDeposit: 3, sumDeposits: '500.01' } };
    expect(bannerHidingReason(summed, above)).toBe('deposit_sum');
    const atTop = { ...depositor, billing: { countDeposit: 3, sumDeposits: '500.00' } };
    expect(isBannerHidden(summed, atTop)).toBe(false);
  });

  test('a banner without settings shows to everyone', () => {
    for (const viewer of [guest, player, vip, depositor]) {
      expect(isBannerHidden(banner(), viewer)).toBe(false);
    }
  });
});

describe('type rules (spec §5)', () => {
  const noDescriptions = { descriptions: {} };

  test.each<BannerType>([
    'specific_game',
    'game_of_the_week',
    'game_of_the_week_new_web',
    'game_of_the_month',
  ])('%s needs a description and at least one game', (type) => {
    expect(passesTypeRule(banner({ type }), player)).toBe(false);
    expect(passesTypeRule(banner({ type, games: [{ game_id: 'g1' }] }), player)).toBe(true);
    expect(
      passesTypeRule(banner({ type, games: [{ game_id: 'g1' }], ...noDescriptions }), player),
    ).toBe(false);
  });

  test('common needs a description and a url or a resolved link', () => {
    expect(passesTypeRule(banner({ type: 'common' }), player)).toBe(false);
    expect(passesTypeRule(banner({ type: 'common', url: '/bonuses' }), player)).toBe(true);
    const linked = banner({ type: 'common', game_providers: [{ provider_id: 'p' }] });
    expect(passesTypeRule(linked, player)).toBe(true);
    const emptyPromo = banner({ type: 'common', promo_category: { id: 1, games_count: 0 } });
    expect(passesTypeRule(emptyPromo, player)).toBe(false);
    expect(passesTypeRule(banner({ type: 'common', url: '/x', ...noDescriptions }), player)).toBe(
      false,
    );
  });

  test.each<BannerType>(['active_players', 'cashback_new_web'])(
    '%s needs a description and a url',
    (type) => {
      expect(passesTypeRule(banner({ type }), player)).toBe(false);
      expect(passesTypeRule(banner({ type, game_providers: [{ provider_id: 'p' }] }), player)).toBe(
        false,
      );
      expect(passesTypeRule(banner({ type, url: 'https://example.com' }), player)).toBe(true);
      expect(
        passesTypeRule(banner({ type, url: 'https://example.com', ...noDescriptions }), player),
      ).toBe(false);
    },
  );

  test('tournament needs the tournament with descriptions; VIP-only ones only for VIP', () => {
    expect(passesTypeRule(banner({ type: 'tournament' }), player)).toBe(false);
    expect(passesTypeRule(banner({ type: 'tournament', tournament }), player)).toBe(true);
    const undescribed = { ...tournament, descriptions: {} };
    expect(passesTypeRule(banner({ type: 'tournament', tournament: undescribed }), vip)).toBe(
      false,
    );
    const vipTournament = { ...tournament, vip_players_only: true };
    const vipBanner = banner({ type: 'tournament', tournament: vipTournament });
    expect(passesTypeRule(vipBanner, player)).toBe(false);
    expect(passesTypeRule(vipBanner, guest)).toBe(false);
    expect(passesTypeRule(vipBanner, vip)).toBe(true);
  });

  test('wallet is hidden once the player has deposits', () => {
    expect(passesTypeRule(banner({ type: 'wallet' }), guest)).toBe(true);
    expect(passesTypeRule(banner({ type: 'wallet' }), player)).toBe(true);
    expect(passesTypeRule(banner({ type: 'wallet' }), depositor)).toBe(false);
  });

  test.each<BannerType>(['vip', 'players_with_deposits'])('%s needs a description', (type) => {
    expect(passesTypeRule(banner({ type }), player)).toBe(true);
    expect(passesTypeRule(banner({ type, ...noDescriptions }), player)).toBe(false);
  });

  test.each<BannerType>([
    'cashback',
    'bonus_on_deposit',
    'turbine',
    'registration',
    'login',
    'exit_window',
  ])('%s has no rule of its own but needs art to be drawn', (type) => {
    expect(passesTypeRule(banner({ type }), guest)).toBe(true);
    expect(passesTypeRule(banner({ type, ...noDescriptions }), guest)).toBe(false);
  });

  test('the description is the viewer language’s, else English', () => {
    const russian = {
      image_bg: '/banners/ru.svg',
      image_fg: null,
      image_3: null,
      title: 'Привет',
      text: null,
    };
    const bilingual = banner({ descriptions: { ...banner().descriptions, ru: russian } });
    expect(bannerDescription(bilingual, 'ru')?.title).toBe('Привет');
    expect(bannerDescription(bilingual, 'kk')?.title).toBe('Hi');
    expect(bannerDescription(banner({ descriptions: { ru: russian } }), 'en')).toBeNull();
  });

  test('visible means neither hidden nor failing its type rule', () => {
    expect(isBannerVisible(banner({ type: 'wallet' }), player)).toBe(true);
    expect(isBannerVisible(banner({ type: 'wallet' }), depositor)).toBe(false);
    expect(isBannerVisible(banner({ type: 'wallet' }, { authorized: true }), guest)).toBe(false);
  });
});

describe('link priority (spec §5)', () => {
  const everything = {
    tournament,
    game_providers: [{ provider_id: 'nebula-forge' }, { provider_id: 'tidewater' }],
    game_categories: [{ key_title: 'slots' }, { key_title: 'new' }],
    promo_category: { id: 2, games_count: 30 },
  };

  test('the tournament page comes first', () => {
    expect(bannerLink(banner(everything))).toEqual({
      kind: 'tournament',
      path: '/tournaments/spring-race',
    });
  });

  test('then the first provider', () => {
    expect(bannerLink(banner({ ...everything, tournament: null }))).toEqual({
      kind: 'provider',
      path: '/providers/nebula-forge/games',
    });
  });

  test('then the first category', () => {
    expect(bannerLink(banner({ ...everything, tournament: null, game_providers: [] }))).toEqual({
      kind: 'category',
      path: '/categories/slots/games',
    });
  });

  test('then the promo category when it has games', () => {
    const promoOnly = banner({ promo_category: { id: 2, games_count: 30 } });
    expect(bannerLink(promoOnly)).toEqual({
      kind: 'promo_category',
      path: '/promo-categories/2/games',
    });
    expect(bannerLink(banner({ promo_category: { id: 2, games_count: 0 } }))).toBeNull();
  });

  test('else no link', () => {
    expect(bannerLink(banner({ url: 'https://example.com' }))).toBeNull();
  });
});

describe('banner clicks', () => {
  test.each<BannerType>(['bonus_on_deposit', 'turbine', 'registration'])(
    'a guest clicking %s gets the sign-up step',
    (type) => {
      expect(bannerAction(banner({ type, url: '/bonuses' }), guest)).toEqual({ kind: 'sign_up' });
    },
  );

  test('a guest clicking a login banner gets the sign-in step', () => {
    expect(bannerAction(banner({ type: 'login' }), guest)).toEqual({ kind: 'login' });
  });

  test('the wallet banner opens the wallet; a player’s turbine banner the wheel', () => {
    expect(bannerAction(banner({ type: 'wallet' }), guest)).toEqual({ kind: 'wallet' });
    expect(bannerAction(banner({ type: 'turbine' }), player)).toEqual({ kind: 'wheel' });
  });

  test('a game banner opens its first game', () => {
    const gameBanner = banner({
      type: 'game_of_the_week',
      games: [{ game_id: 'neon-dice' }, { game_id: 'other' }],
      game_providers: [{ provider_id: 'p' }],
    });
    expect(bannerAction(gameBanner, guest)).toEqual({ kind: 'path', path: '/games/neon-dice' });
  });

  test('otherwise the link by priority, then the url, inside or outside the app', () => {
    const linked = banner({
      type: 'common',
      url: '/bonuses',
      game_categories: [{ key_title: 'new' }],
    });
    expect(bannerAction(linked, player)).toEqual({ kind: 'path', path: '/categories/new/games' });
    expect(bannerAction(banner({ type: 'common', url: '/bonuses' }), player)).toEqual({
      kind: 'path',
      path: '/bonuses',
    });
    expect(
      bannerAction(banner({ type: 'cashback_new_web', url: 'https://x.test/a' }), player),
    ).toEqual({ kind: 'external', url: 'https://x.test/a' });
    expect(bannerAction(banner({ type: 'vip' }), vip)).toEqual({ kind: 'none' });
  });

  test('a signed-in player’s deposit bonus banner without a link opens the wallet', () => {
    expect(bannerAction(banner({ type: 'bonus_on_deposit' }), player)).toEqual({ kind: 'wallet' });
    expect(bannerAction(banner({ type: 'bonus_on_deposit', url: '/bonuses' }), player)).toEqual({
      kind: 'path',
      path: '/bonuses',
    });
  });
});
