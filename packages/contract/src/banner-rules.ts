import type { Banner, BannerDescription, BannerType, PlayerCategory } from './banners.ts';
import { defaultLocale } from './locales.ts';
import { currencyScale, parseDecimalToMinor } from './money.ts';
import type { Billing } from './profile.ts';

/**
 * Who looks at a banner. `billing` is null when unknown (a guest, or not loaded yet); the
 * server fills it from the users' deposit figures, the app from `GET /api/v1/me/billing`.
 */
export interface BannerViewer {
  signedIn: boolean;
  isVip: boolean;
  hasDeposits: boolean;
  /** ISO country of the viewer's IP, null when unknown */
  country: string | null;
  billing: Billing | null;
  locale: string;
}

/** The player category that names no rule: every viewer, guests and VIP players included. */
export const openPlayerCategory: PlayerCategory = {
  authorized: null,
  vip: null,
  all: false,
  deposits_from: null,
  deposits_to: null,
  deposits_count_from: null,
  deposits_count_to: null,
};

/** The deposit sum is compared in USD cents, as billing reports it. */
const depositSumScale = currencyScale('USD');

function depositSumMinor(value: string): bigint | null {
  return parseDecimalToMinor(value, depositSumScale);
}

function hasDepositBounds(category: PlayerCategory): boolean {
  return (
    category.deposits_from !== null ||
    category.deposits_to !== null ||
    category.deposits_count_from !== null ||
    category.deposits_count_to !== null
  );
}

/** Why a banner is hidden by its settings (shell spec §5 hiding rules), or null when it shows. */
export type BannerHidingReason =
  | 'geo'
  | 'guests_only'
  | 'not_for_vip'
  | 'vip_only'
  | 'signed_in_only'
  | 'billing_unknown'
  | 'deposit_count'
  | 'deposit_sum';

export function bannerHidingReason(
  banner: Pick<Banner, 'settings'>,
  viewer: BannerViewer,
): BannerHidingReason | null {
  const { geo, player_category: category } = banner.settings;
  if (geo.length > 0) {
    const country = viewer.country?.toUpperCase();
    if (!country || !geo.some((allowed) => allowed.toUpperCase() === country)) return 'geo';
  }
  if (category.authorized === false && viewer.signedIn) return 'guests_only';
  if (viewer.isVip && category.vip === false) return 'not_for_vip';
  if (category.vip === true && (!viewer.signedIn || (!viewer.isVip && !category.all))) {
    return 'vip_only';
  }
  if (!category.all && category.authorized === true && !viewer.signedIn) return 'signed_in_only';
  if (!hasDepositBounds(category)) return null;
  const billing = viewer.billing;
  if (billing === null) return 'billing_unknown';
  if (
    category.deposits_count_from !== null &&
    billing.countDeposit < category.deposits_count_from
  ) {
    return 'deposit_count';
  }
  if (category.deposits_count_to !== null && billing.countDeposit > category.deposits_count_to) {
    return 'deposit_count';
  }
  const sum = depositSumMinor(billing.sumDeposits);
  if (category.deposits_from !== null || category.deposits_to !== null) {
    if (sum === null) return 'billing_unknown';
    const from = category.deposits_from === null ? null : depositSumMinor(category.deposits_from);
    const to = category.deposits_to === null ? null : depositSumMinor(category.deposits_to);
    if (from !== null && sum < from) return 'deposit_sum';
    if (to !== null && sum > to) return 'deposit_sum';
  }
  return null;
}

/** Spec §5: a banner is hidden when any hiding rule holds. */
export function isBannerHidden(banner: Pick<Banner, 'settings'>, viewer: BannerViewer): boolean {
  return bannerHidingReason(banner, viewer) !== null;
}

/** The banner's copy and art in `locale`, else English, else none. */
export function bannerDescription(
  banner: Pick<Banner, 'descriptions'>,
  locale: string,
): BannerDescription | null {
  return banner.descriptions[locale] ?? banner.descriptions[defaultLocale] ?? null;
}

/** The tournament's name in `locale`, else English. */
export function bannerTournamentName(banner: Pick<Banner, 'tournament'>, locale: string) {
  const descriptions = banner.tournament?.descriptions;
  return (descriptions?.[locale] ?? descriptions?.[defaultLocale])?.name ?? null;
}

export const gameBannerTypes: readonly BannerType[] = [
  'specific_game',
  'game_of_the_week',
  'game_of_the_week_new_web',
  'game_of_the_month',
];

/** Spec §5 banner type rules: whether a banner of its type has what it needs to be shown. */
export function passesTypeRule(banner: Banner, viewer: BannerViewer): boolean {
  const described = bannerDescription(banner, viewer.locale) !== null;
  switch (banner.type) {
    case 'specific_game':
    case 'game_of_the_week':
    case 'game_of_the_week_new_web':
    case 'game_of_the_month':
      return described && banner.games.length > 0;
    case 'common':
      return described && (banner.url !== null || bannerLink(banner) !== null);
    case 'active_players':
    case 'cashback_new_web':
      return described && banner.url !== null;
    case 'tournament': {
      const tournament = banner.tournament;
      if (!described || tournament === null) return false;
      if (Object.keys(tournament.descriptions).length === 0) return false;
      return !tournament.vip_players_only || viewer.isVip;
    }
    case 'wallet':
      return described && !viewer.hasDeposits;
    case 'vip':
    case 'players_with_deposits':
    // The remaining types have no rule of their own; a banner still needs art to be drawn.
    case 'cashback':
    case 'bonus_on_deposit':
    case 'turbine':
    case 'registration':
    case 'login':
    case 'exit_window':
      return described;
  }
}

/** Both checks: what a viewer's carousel shows. */
export function isBannerVisible(banner: Banner, viewer: BannerViewer): boolean {
  return !isBannerHidden(banner, viewer) && passesTypeRule(banner, viewer);
}

export type BannerLink =
  | { kind: 'tournament'; path: string }
  | { kind: 'provider'; path: string }
  | { kind: 'category'; path: string }
  | { kind: 'promo_category'; path: string };

/**
 * Spec §5 link priority: the tournament page, the first provider, the first category, the promo
 * category when it has games, else no link. Paths are without the locale prefix.
 */
export function bannerLink(
  banner: Pick<Banner, 'tournament' | 'game_providers' | 'game_categories' | 'promo_category'>,
): BannerLink | null {
  if (banner.tournament) {
    return {
      kind: 'tournament',
      path: `/tournaments/${encodeURIComponent(banner.tournament.id)}`,
    };
  }
  const provider = banner.game_providers[0];
  if (provider) {
    return {
      kind: 'provider',
      path: `/providers/${encodeURIComponent(provider.provider_id)}/games`,
    };
  }
  const category = banner.game_categories[0];
  if (category) {
    return {
      kind: 'category',
      path: `/categories/${encodeURIComponent(category.key_title)}/games`,
    };
  }
  if (banner.promo_category && banner.promo_category.games_count > 0) {
    return {
      kind: 'promo_category',
      path: `/promo-categories/${banner.promo_category.id}/games`,
    };
  }
  return null;
}

/** What a click on a banner does. */
export type BannerAction =
  | { kind: 'sign_up' }
  | { kind: 'login' }
  | { kind: 'wallet' }
  | { kind: 'wheel' }
  | { kind: 'path'; path: string }
  | { kind: 'external'; url: string }
  | { kind: 'none' };

/** Banners that invite a visitor to sign up (spec §4: the sign-up step for guests). */
const signUpBannerTypes: readonly BannerType[] = ['bonus_on_deposit', 'turbine', 'registration'];

function urlAction(url: string | null): BannerAction | null {
  if (url === null) return null;
  return url.startsWith('/') ? { kind: 'path', path: url } : { kind: 'external', url };
}

/**
 * The click: guests get the sign-up step on bonus, turbine and registration banners and the
 * sign-in step on login banners; the wallet banner opens the wallet; a game banner its game;
 * otherwise the link by priority, then the banner's url; a signed-in player's turbine banner
 * opens the wheel and a deposit bonus banner without a link the wallet.
 */
export function bannerAction(banner: Banner, viewer: Pick<BannerViewer, 'signedIn'>): BannerAction {
  if (!viewer.signedIn && signUpBannerTypes.includes(banner.type)) return { kind: 'sign_up' };
  if (!viewer.signedIn && banner.type === 'login') return { kind: 'login' };
  if (banner.type === 'wallet') return { kind: 'wallet' };
  if (banner.type === 'turbine') return { kind: 'wheel' };
  const game = gameBannerTypes.includes(banner.type) ? banner.games[0] : undefined;
  if (game) return { kind: 'path', path: `/games/${encodeURIComponent(game.game_id)}` };
  const link = bannerLink(banner);
  if (link) return { kind: 'path', path: link.path };
  const url = urlAction(banner.url);
  if (url) return url;
  if (banner.type === 'bonus_on_deposit') return { kind: 'wallet' };
  return { kind: 'none' };
}
