import { type BanReason, currencyScale } from '@casino/contract';
import { platformAccount, playerAccount } from '../modules/money/ledger/ledger.service.ts';
import type { Services } from '../services.ts';

export interface DemoPlayer {
  email: string;
  password: string;
  description: string;
  firstName?: string;
  lastName?: string;
  vipManagerTelegram?: string;
  banReason?: BanReason;
}

export const demoPlayer = {
  email: 'demo@casino.local',
  password: 'demo-player-2026',
  description: 'player',
  firstName: 'Alex',
  lastName: 'Morgan',
} as const satisfies DemoPlayer;

export const demoVipPlayer = {
  email: 'vip@casino.local',
  password: 'demo-vip-2026',
  description: 'VIP player',
  vipManagerTelegram: 'casino_vip_manager',
} as const satisfies DemoPlayer;

export const demoBannedPlayer = {
  email: 'banned@casino.local',
  password: 'demo-banned-2026',
  description: 'banned player (multiaccounting)',
  banReason: 'multiaccounting',
} as const satisfies DemoPlayer;

export const demoPlayers: readonly DemoPlayer[] = [demoPlayer, demoVipPlayer, demoBannedPlayer];

export interface DemoDataOptions {
  /**
   * DEMO_PLAYER_BALANCE_USD: what each demo player who may play (not the banned one) receives,
   * once, as a `demo_credit` from the house; 0 gives nothing (tests, production)
   */
  playerBalanceUsd?: number;
}

/** The ledger type of the demo money: a movement of its own, never mistaken for a deposit. */
export const demoCreditType = 'demo_credit';

/**
 * Demo accounts for local runs and browser tests. Idempotent: an account that already exists is
 * left exactly as it is, and each new account is created with all its attributes in one
 * transaction, so a crash never leaves half an account behind. With `playerBalanceUsd`, each
 * demo player who may play gets that much once through the ledger (see creditDemoPlayers).
 */
export async function insertDemoData(
  services: Services,
  options: DemoDataOptions = {},
): Promise<number> {
  // bonus offers first: no demo player receives one (they make no deposit here)
  await services.bonusOffers.seedDemoOffers();
  // the demo promo codes (WELCOME100 grants the demo promo offer) and the wheel's prizes
  const promoOffer = (await services.bonusOffers.list()).items.find(
    (offer) => offer.type === 'promo' && offer.isEnabled,
  );
  if (promoOffer) await services.promoCodes.seedDemoCodes(promoOffer.id);
  await services.wheel.seedDemoPrizes();
  await services.tournaments.seedDemoTournaments();
  // banners after the tournaments: the tournament banner advertises a demo tournament
  await services.banners.seedDemo();
  let created = 0;
  for (const player of demoPlayers) {
    if (await services.users.findForLogin(player.email)) continue;
    const passwordHash = await services.passwords.admit((passwords) =>
      passwords.hash(player.password),
    );
    const inserted = await services.transactions.run(async (transaction) => {
      const account = await services.users.createPlayer(
        { email: player.email, passwordHash, language: 'en' },
        transaction,
      );
      if (!account) return false;
      if (player.firstName && player.lastName) {
        await services.users.setPersonalData(
          account.id,
          { firstName: player.firstName, lastName: player.lastName },
          transaction,
        );
      }
      if (player.vipManagerTelegram) {
        await services.users.setVip(
          account.globalId,
          { isVip: true, managerTelegramUsername: player.vipManagerTelegram },
          transaction,
        );
      }
      if (player.banReason) {
        await services.users.setBan(account.globalId, player.banReason, transaction);
      }
      return true;
    });
    if (inserted) created += 1;
  }
  if (options.playerBalanceUsd !== undefined && options.playerBalanceUsd > 0) {
    await creditDemoPlayers(services, options.playerBalanceUsd);
  }
  return created;
}

/**
 * Gives each demo player who may play `amountUsd` in their primary currency, as a `demo_credit`
 * from the house, referenced by the player's id: the ledger posts a (type, reference) once, so
 * every later start (or a concurrent one) moves nothing, and a demo account created before this
 * existed still gets its money exactly once. Not a deposit: no bonus, no deposit count.
 */
async function creditDemoPlayers(services: Services, amountUsd: number): Promise<void> {
  const usdScale = currencyScale('USD');
  const amountUsdMinor = BigInt(amountUsd) * 10n ** BigInt(usdScale);
  for (const player of demoPlayers) {
    if (player.banReason) continue;
    const found = await services.users.findForLogin(player.email);
    if (!found) continue;
    const userId = found.account.id;
    await services.transactions.run(async (transaction) => {
      const currency = await services.users.getPrimaryCurrency(userId, transaction);
      const amountMinor = await services.ledger.convert(amountUsdMinor, 'USD', currency);
      if (amountMinor <= 0n) return;
      await services.ledger.postTransaction(transaction, {
        type: demoCreditType,
        externalReference: `demo_player:${userId}`,
        postings: [
          { account: platformAccount(currency, 'house'), amountMinor: -amountMinor },
          { account: playerAccount(userId, currency, 'main'), amountMinor },
        ],
        metadata: { reason: 'demo data', amountUsd: String(amountUsd) },
      });
    });
  }
}
