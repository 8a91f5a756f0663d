import type { BanReason } from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Services } from '../services.ts';
import type { Database } from './database.ts';

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

/**
 * Demo accounts for local runs and browser tests. Idempotent: an account that already exists is
 * left exactly as it is, and each new account is created with all its attributes in one
 * transaction, so a crash never leaves half an account behind.
 */
export async function insertDemoData(db: Kysely<Database>, services: Services): Promise<number> {
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
    const inserted = await db.transaction().execute(async (transaction) => {
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
  return created;
}
