import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { CacheInvalidation } from '../../lib/cache-invalidation.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Transactions } from '../../lib/transactions.ts';
import type { AuditService } from '../backoffice/audit/audit.service.ts';
import type { GamesService } from '../casino/games/games.service.ts';
import type { FairnessService } from '../casino/originals/fairness.service.ts';
import type { LedgerService } from '../money/ledger/ledger.service.ts';
import type { UsersService } from '../players/accounts/users.service.ts';
import type { PlayerLimits } from '../players/protection/protection.service.ts';
import type { RealtimeEvents } from '../realtime/events.ts';
import { BannersRepository } from './banners/banners.repository.ts';
import { BannersService } from './banners/banners.service.ts';
import { type BonusJobScheduler, BonusLifecycle } from './bonuses/bonus-lifecycle.service.ts';
import { BonusOffersService } from './bonuses/bonus-offers.service.ts';
import { BonusReads } from './bonuses/bonus-reads.ts';
import { BonusRounds } from './bonuses/bonus-rounds.service.ts';
import type { BonusesRepository } from './bonuses/bonuses.repository.ts';
import { CashierBonuses } from './bonuses/cashier-bonuses.service.ts';
import type { OpenBonuses } from './bonuses/open-bonuses.ts';
import { PlayerBonuses } from './bonuses/player-bonuses.service.ts';
import { PromoCodesRepository } from './promocodes/promocodes.repository.ts';
import { PromoCodesService } from './promocodes/promocodes.service.ts';
import { TournamentScoringService } from './tournaments/tournament-scoring.service.ts';
import { TournamentsRepository } from './tournaments/tournaments.repository.ts';
import {
  type TournamentJobScheduler,
  TournamentsService,
} from './tournaments/tournaments.service.ts';
import { WheelRepository } from './wheel/wheel.repository.ts';
import { WheelService } from './wheel/wheel.service.ts';

export interface PromotionsDependencies {
  db: Kysely<Database>;
  transactions: Transactions;
  clock: Clock;
  audit: AuditService;
  ledger: LedgerService;
  users: UsersService;
  /** the game catalog (titles, contributions, visibility of banners' games) */
  games: GamesService;
  /** the provably fair seeds the wheel's spins use */
  fairness: FairnessService;
  events: RealtimeEvents;
  /** the reader of open bonuses, built before the ledger's writer (see services.ts) */
  openBonuses: OpenBonuses;
  bonusesRepository: BonusesRepository;
  bonusJobs: BonusJobScheduler;
  tournamentJobs: TournamentJobScheduler;
  /** every process's open tournaments go when one is created, changed or finished */
  caches: CacheInvalidation;
  /** responsible gambling: no promotion for a player on a time-out or self-exclusion */
  marketing: Pick<PlayerLimits, 'isMarketingSuppressed'>;
}

/** The promotions wing: bonuses and their offers, tournaments, promo codes, the wheel, banners. */
export function createPromotions({
  db,
  transactions,
  clock,
  audit,
  ledger,
  users,
  games,
  fairness,
  events,
  openBonuses,
  bonusesRepository,
  bonusJobs,
  tournamentJobs,
  caches,
  marketing,
}: PromotionsDependencies) {
  // The bonus engine in parts, each built once from the ones before it: the lifecycle (grants,
  // completion, end), then what rounds, the cashier and the player use of it.
  const bonusReads = new BonusReads({ db, repository: bonusesRepository, ledger, games });
  const bonusLifecycle = new BonusLifecycle({
    repository: bonusesRepository,
    ledger,
    users,
    reads: bonusReads,
    scheduler: bonusJobs,
    clock,
    transactions,
    openBonuses,
  });
  const playerBonuses = new PlayerBonuses({
    db,
    repository: bonusesRepository,
    reads: bonusReads,
    clock,
    transactions,
  });
  const bonuses = {
    lifecycle: bonusLifecycle,
    rounds: new BonusRounds({
      repository: bonusesRepository,
      ledger,
      lifecycle: bonusLifecycle,
      openBonuses,
    }),
    cashier: new CashierBonuses({
      db,
      repository: bonusesRepository,
      ledger,
      users,
      reads: bonusReads,
      lifecycle: bonusLifecycle,
      openBonuses,
      clock,
    }),
    player: playerBonuses,
  };
  const tournamentsRepository = new TournamentsRepository();
  // Settled rounds (originals, seamless bets and wins) add to the live leaderboards.
  const tournamentScoring = new TournamentScoringService({
    repository: tournamentsRepository,
    ledger,
    clock,
    caches,
  });
  const promoCodes = new PromoCodesService({
    db,
    repository: new PromoCodesRepository(),
    ledger,
    users,
    bonusLifecycle,
    playerBonuses,
    marketing,
    audit,
    clock,
    transactions,
  });
  return {
    bonuses,
    bonusOffers: new BonusOffersService({
      repository: bonusesRepository,
      bonusLifecycle,
      playerBonuses,
      users,
      games,
      audit,
      clock,
      transactions,
    }),
    tournamentScoring,
    tournaments: new TournamentsService({
      db,
      repository: tournamentsRepository,
      scoring: tournamentScoring,
      ledger,
      users,
      events,
      audit,
      scheduler: tournamentJobs,
      clock,
      transactions,
    }),
    promoCodes,
    wheel: new WheelService({
      db,
      repository: new WheelRepository(),
      fairness,
      ledger,
      users,
      bonusLifecycle,
      playerBonuses,
      promoCodes,
      marketing,
      audit,
      clock,
      transactions,
    }),
    banners: new BannersService({
      db,
      repository: new BannersRepository(),
      users,
      games,
      audit,
      clock,
      transactions,
    }),
  };
}
