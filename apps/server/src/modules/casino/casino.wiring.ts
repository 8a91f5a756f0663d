import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { CacheInvalidation } from '../../lib/cache-invalidation.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Transactions } from '../../lib/transactions.ts';
import type { AuditService } from '../backoffice/audit/audit.service.ts';
import type { BalanceService } from '../money/ledger/balance.service.ts';
import type { LedgerService } from '../money/ledger/ledger.service.ts';
import type { Wagering } from '../money/wagering/wagering.service.ts';
import type { UsersService } from '../players/accounts/users.service.ts';
import type { BonusRounds } from '../promotions/bonuses/bonus-rounds.service.ts';
import type { TournamentScoringService } from '../promotions/tournaments/tournament-scoring.service.ts';
import type { RealtimeEvents } from '../realtime/events.ts';
import { GamesRepository } from './games/games.repository.ts';
import { GamesService } from './games/games.service.ts';
import { FairnessRepository } from './originals/fairness.repository.ts';
import { FairnessService } from './originals/fairness.service.ts';
import { RoundsRepository } from './originals/rounds.repository.ts';
import { RoundsService } from './originals/rounds.service.ts';
import { ProviderRoundsService } from './seamless/provider-rounds.service.ts';
import { SeamlessRepository } from './seamless/seamless.repository.ts';
import { SeamlessGameLauncher } from './seamless/seamless-launcher.ts';
import { SeamlessProvidersService } from './seamless/seamless-providers.service.ts';
import { SeamlessWalletService } from './seamless/seamless-wallet.service.ts';

/*
 * The casino wing is built in two steps because promotions sit between them: the bonus engine,
 * the wheel and the banners need the game catalog and the provably fair seeds (step one), and
 * playing (originals' rounds, the seamless wallet) needs the bonus engine's stake plan and the
 * tournaments' scoring (step two). Neither step changes what the other built.
 */

export interface GameCatalogDependencies {
  db: Kysely<Database>;
  transactions: Transactions;
  clock: Clock;
  audit: AuditService;
  users: UsersService;
  caches: CacheInvalidation;
}

/** Casino, step one: the game catalog, the provider games' launcher and the fairness seeds. */
export function createGameCatalog({
  db,
  transactions,
  clock,
  audit,
  users,
  caches,
}: GameCatalogDependencies) {
  const seamlessRepository = new SeamlessRepository(db);
  const launcher = new SeamlessGameLauncher({ repository: seamlessRepository, users, clock });
  const roundsRepository = new RoundsRepository();
  return {
    // Third-party games launch with a seamless-wallet session of their provider.
    games: new GamesService({
      repository: new GamesRepository({ db }),
      users,
      audit,
      launcher,
      clock,
      transactions,
      caches,
    }),
    fairness: new FairnessService({
      db,
      repository: new FairnessRepository(),
      rounds: roundsRepository,
      clock,
      transactions,
    }),
    launcher,
    seamlessRepository,
    roundsRepository,
  };
}

export interface CasinoDependencies {
  db: Kysely<Database>;
  transactions: Transactions;
  clock: Clock;
  audit: AuditService;
  ledger: LedgerService;
  users: UsersService;
  balance: BalanceService;
  events: RealtimeEvents;
  /** the bonus engine's part for rounds (payouts, wagering, rollbacks) */
  bonuses: BonusRounds;
  /** the stake plan and the one settlement path of rounds */
  wagering: Wagering;
  tournamentScoring: TournamentScoringService;
  /** what step one built */
  catalog: ReturnType<typeof createGameCatalog>;
}

/** Casino, step two: the originals' rounds and the seamless wallet of provider games. */
export function createCasino({
  db,
  transactions,
  clock,
  audit,
  ledger,
  users,
  balance,
  events,
  bonuses,
  wagering,
  tournamentScoring,
  catalog,
}: CasinoDependencies) {
  const { games, fairness, launcher, seamlessRepository, roundsRepository } = catalog;
  return {
    games,
    originals: {
      fairness,
      rounds: new RoundsService({
        db,
        repository: roundsRepository,
        fairness,
        games,
        events,
        clock,
        wagering,
        tournaments: tournamentScoring,
        balance,
      }),
    },
    seamless: {
      wallet: new SeamlessWalletService({
        repository: seamlessRepository,
        ledger,
        users,
        clock,
        bonuses,
        wagering,
        tournaments: tournamentScoring,
        transactions,
      }),
      providers: new SeamlessProvidersService({
        repository: seamlessRepository,
        // the catalog owns the studios and games a provider adds
        catalog: games,
        audit,
        clock,
        transactions,
      }),
      /** the ExternalGameLauncher of provider games (session token on the launch URL) */
      launcher,
      /** the player's round history of provider games (free bets marked) */
      rounds: new ProviderRoundsService({ repository: seamlessRepository }),
    },
  };
}
