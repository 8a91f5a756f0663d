import {
  type BackofficeLeaderboard,
  type BackofficeTournament,
  type BackofficeTournaments,
  currencyScale,
  formatMinorToDecimal,
  type Leaderboard,
  type LeaderboardQuery,
  type NewTournamentBody,
  parseDecimalToMinor,
  type Tournament,
  type TournamentDetail,
  type TournamentStatus,
  type TournamentsResponse,
  tournamentDescriptionFor,
  type UpdateTournamentBody,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database, DatabaseTransaction } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { AuditService, OperatorActor } from '../../backoffice/audit/audit.service.ts';
import {
  type LedgerService,
  type Posting,
  platformAccount,
  playerAccount,
} from '../../money/ledger/ledger.service.ts';
import { maskPlayerName } from '../../players/accounts/public-name.ts';
import type { UsersService } from '../../players/accounts/users.service.ts';
import type { RealtimeEvents } from '../../realtime/events.ts';
import type { TournamentScoringService } from './tournament-scoring.service.ts';
import type {
  TournamentRow,
  TournamentsRepository,
  TournamentWrite,
} from './tournaments.repository.ts';
import type { StoredTournamentDescription } from './tournaments.tables.ts';

/** Who is asking: a guest (null) or a player, and whether VIP-only tournaments exist for them. */
export interface TournamentViewer {
  userId: string | null;
  isVip: boolean;
}

/** Queues the payout of a tournament at its end (a pg-boss job; the minute sweep catches up). */
export interface TournamentJobScheduler {
  schedulePayout(tournamentId: string, at: Date): Promise<void>;
}

/** Finished tournaments stay listed this long after their end. */
const finishedListedMs = 30 * 24 * 60 * 60 * 1000;
const listLimit = 100;
/** Ledger transaction type of a prize (external reference `{tournament}:{place}`). */
export const tournamentPrizeLedgerType = 'tournament_prize';

const notFound = () => new AppError('not_found', { message: 'There is no such tournament.' });

/** The status a player sees: the stored one once finished, else what the clock says. */
export function statusAt(row: Pick<TournamentRow, 'status' | 'starts_at' | 'ends_at'>, now: Date) {
  if (row.status === 'paid' || row.status === 'finished') return row.status;
  if (now < row.starts_at) return 'upcoming';
  if (now < row.ends_at) return 'running';
  return 'finished';
}

const statusOrder: Record<TournamentStatus, number> = {
  running: 0,
  upcoming: 1,
  finished: 2,
  paid: 2,
};

export interface TournamentsServiceDependencies {
  db: Kysely<Database>;
  repository: TournamentsRepository;
  scoring: Pick<TournamentScoringService, 'changed' | 'invalidate'>;
  ledger: Pick<LedgerService, 'postTransaction' | 'quote'>;
  users: Pick<UsersService, 'findAccount' | 'getProfile'>;
  events: Pick<RealtimeEvents, 'tournamentWon'>;
  audit: AuditService;
  scheduler: TournamentJobScheduler;
  clock: Clock;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
}

/**
 * Tournaments: what players see (VIP-only ones only for VIP players, enforced here), the
 * operator's CRUD (audited), and the payout at the end: the tournament row locked FOR UPDATE,
 * its scores frozen ('finished', committed), then every prize paid through the ledger in one
 * transaction with the winners' `tournaments#{globalId}` events ('paid'). A second run, or a
 * second process racing, finds the status moved on and pays nothing.
 */
export class TournamentsService {
  private readonly db: Kysely<Database>;
  private readonly repository: TournamentsRepository;
  private readonly scoring: Pick<TournamentScoringService, 'changed' | 'invalidate'>;
  private readonly ledger: Pick<LedgerService, 'postTransaction' | 'quote'>;
  private readonly users: Pick<UsersService, 'findAccount' | 'getProfile'>;
  private readonly events: Pick<RealtimeEvents, 'tournamentWon'>;
  private readonly audit: AuditService;
  private readonly scheduler: TournamentJobScheduler;
  private readonly clock: Clock;
  private readonly transactions: Transactions;

  constructor({
    db,
    repository,
    scoring,
    ledger,
    users,
    events,
    audit,
    scheduler,
    clock,
    transactions,
  }: TournamentsServiceDependencies) {
    this.db = db;
    this.repository = repository;
    this.scoring = scoring;
    this.ledger = ledger;
    this.users = users;
    this.events = events;
    this.audit = audit;
    this.scheduler = scheduler;
    this.clock = clock;
    this.transactions = transactions;
  }

  /** The viewer behind an optional player id (VIP status from the profile). */
  async viewer(userId: string | null): Promise<TournamentViewer> {
    if (userId === null) return { userId: null, isVip: false };
    const profile = await this.users.getProfile(userId);
    return { userId, isVip: profile.isVip };
  }

  // ─── players ────────────────────────────────────────────────────────────────────────────────

  /** Running first (ending soonest), then upcoming (starting soonest), then recently ended. */
  async list(viewer: TournamentViewer): Promise<TournamentsResponse> {
    const now = this.clock.now();
    const rows = await this.repository.list(this.db, {
      includeVip: viewer.isVip,
      endedAfter: new Date(now.getTime() - finishedListedMs),
      limit: listLimit,
    });
    const items = rows.map((row) => toTournament(row, now));
    items.sort((left, right) => {
      const byStatus = statusOrder[left.status] - statusOrder[right.status];
      if (byStatus !== 0) return byStatus;
      switch (left.status) {
        case 'running':
          return left.endsAt.localeCompare(right.endsAt);
        case 'upcoming':
          return left.startsAt.localeCompare(right.startsAt);
        default:
          return right.endsAt.localeCompare(left.endsAt);
      }
    });
    return { items };
  }

  async get(viewer: TournamentViewer, id: string): Promise<TournamentDetail> {
    const row = await this.visible(viewer, id);
    const games = await this.repository.gameTitles(this.db, row.game_ids);
    return { ...toTournament(row, this.clock.now()), games, allGames: row.game_ids.length === 0 };
  }

  async leaderboard(
    viewer: TournamentViewer,
    id: string,
    page: LeaderboardQuery,
  ): Promise<Leaderboard> {
    const row = await this.visible(viewer, id);
    const [ranked, total, mine] = await Promise.all([
      this.repository.ranking(this.db, id, page),
      this.repository.rankedCount(this.db, id),
      viewer.userId === null
        ? Promise.resolve(undefined)
        : this.repository.placeOf(this.db, id, viewer.userId),
    ]);
    const prizes = new Map(
      toTournament(row, this.clock.now()).prizes.map((prize) => [prize.place, prize.amount]),
    );
    return {
      items: ranked.map((entry, index) => {
        const place = page.offset + index + 1;
        return {
          place,
          name: maskPlayerName(entry.email.split('@')[0] ?? ''),
          score: formatScore(row, entry.score),
          prize: prizes.get(place) ?? null,
          isMe: entry.user_id === viewer.userId,
        };
      }),
      me: mine ? { place: mine.place, score: formatScore(row, mine.score) } : null,
      meta: { offset: page.offset, limit: page.limit, total },
    };
  }

  /** The leaderboard as operators see it: players unmasked, any tournament (VIP-only too). */
  async backofficeLeaderboard(id: string, page: LeaderboardQuery): Promise<BackofficeLeaderboard> {
    const row = await this.repository.find(this.db, id);
    if (!row) throw notFound();
    const [ranked, total] = await Promise.all([
      this.repository.ranking(this.db, id, page),
      this.repository.rankedCount(this.db, id),
    ]);
    const prizes = new Map(
      toTournament(row, this.clock.now()).prizes.map((prize) => [prize.place, prize.amount]),
    );
    return {
      items: ranked.map((entry, index) => {
        const place = page.offset + index + 1;
        return {
          place,
          globalId: entry.global_id,
          email: entry.email,
          score: formatScore(row, entry.score),
          prize: prizes.get(place) ?? null,
          updatedAt: entry.updated_at.toISOString(),
        };
      }),
      meta: { offset: page.offset, limit: page.limit, total },
    };
  }

  /** The tournament, if the viewer may see it: a VIP-only one is not_found for anyone else. */
  private async visible(viewer: TournamentViewer, id: string): Promise<TournamentRow> {
    const row = await this.repository.find(this.db, id);
    if (!row || (row.vip_only && !viewer.isVip)) throw notFound();
    return row;
  }

  // ─── operators ──────────────────────────────────────────────────────────────────────────────

  async backofficeList(): Promise<BackofficeTournaments> {
    const [rows, counts] = await Promise.all([
      this.repository.listAll(this.db),
      this.repository.playerCounts(this.db),
    ]);
    const now = this.clock.now();
    return { items: rows.map((row) => toBackoffice(row, counts.get(row.id) ?? 0, now)) };
  }

  async create(actor: OperatorActor, body: NewTournamentBody): Promise<BackofficeTournament> {
    const at = this.clock.now();
    const row = await this.transactions.run(async (transaction) => {
      const inserted = await this.repository.insert(transaction, {
        id: body.id,
        vip_only: body.vipOnly,
        descriptions: body.descriptions,
        starts_at: new Date(body.startsAt),
        ends_at: new Date(body.endsAt),
        scoring: body.scoring,
        currency: body.currency,
        prizes: normalisedPrizes(body.prizes, body.currency),
        game_ids: [...new Set(body.gameIds)],
        scores_sport: body.scoresSport,
        at,
      });
      if (!inserted) {
        throw new AppError('validation_error', {
          message: 'A tournament with this id exists.',
          payload: { fields: [{ field: 'id', message: 'Validation.invalid_value' }] },
        });
      }
      await this.audit.record(
        actor,
        {
          action: 'tournament.create',
          targetType: 'tournament',
          targetId: body.id,
          payload: { ...body },
        },
        transaction,
      );
      await this.scoring.changed(transaction);
      return inserted;
    });
    await this.scheduler.schedulePayout(row.id, row.ends_at);
    return toBackoffice(row, 0, at);
  }

  /**
   * Changes a tournament. Once it has started its scoring, currency, games and start are fixed
   * (the scores were counted by them); once it has ended nothing changes.
   */
  async update(
    actor: OperatorActor,
    id: string,
    body: UpdateTournamentBody,
  ): Promise<BackofficeTournament> {
    const at = this.clock.now();
    const row = await this.transactions.run(async (transaction) => {
      const existing = await this.repository.lock(transaction, id);
      if (!existing) throw notFound();
      const status = statusAt(existing, at);
      const fixed: string[] = [];
      if (status !== 'upcoming') {
        for (const field of [
          'scoring',
          'currency',
          'gameIds',
          'scoresSport',
          'startsAt',
        ] as const) {
          if (body[field] !== undefined) fixed.push(field);
        }
      }
      if (status === 'finished' || status === 'paid') fixed.push(...Object.keys(body));
      if (fixed.length > 0) {
        throw new AppError('validation_error', {
          payload: {
            fields: [...new Set(fixed)].map((field) => ({
              field,
              message: 'Validation.invalid_value',
            })),
          },
        });
      }
      const startsAt = body.startsAt ? new Date(body.startsAt) : existing.starts_at;
      const endsAt = body.endsAt ? new Date(body.endsAt) : existing.ends_at;
      if (endsAt <= startsAt || (body.endsAt !== undefined && endsAt <= at)) {
        throw new AppError('validation_error', {
          payload: { fields: [{ field: 'endsAt', message: 'Validation.invalid_value' }] },
        });
      }
      const currency = body.currency ?? existing.currency;
      const prizes = body.prizes ?? existing.prizes;
      if (
        !prizes.every(
          (prize) => (parseDecimalToMinor(prize.amount, currencyScale(currency)) ?? 0n) > 0n,
        )
      ) {
        throw new AppError('validation_error', {
          payload: { fields: [{ field: 'prizes', message: 'Validation.invalid_amount' }] },
        });
      }
      const changes: TournamentWrite = {
        ...(body.vipOnly === undefined ? {} : { vip_only: body.vipOnly }),
        ...(body.descriptions === undefined ? {} : { descriptions: body.descriptions }),
        ...(body.startsAt === undefined ? {} : { starts_at: startsAt }),
        ...(body.endsAt === undefined ? {} : { ends_at: endsAt }),
        ...(body.scoring === undefined ? {} : { scoring: body.scoring }),
        ...(body.currency === undefined ? {} : { currency: body.currency }),
        ...(body.prizes === undefined && body.currency === undefined
          ? {}
          : { prizes: normalisedPrizes(prizes, currency) }),
        ...(body.gameIds === undefined ? {} : { game_ids: [...new Set(body.gameIds)] }),
        ...(body.scoresSport === undefined ? {} : { scores_sport: body.scoresSport }),
      };
      const updated = await this.repository.update(transaction, id, changes, at);
      if (!updated) throw notFound();
      await this.audit.record(
        actor,
        {
          action: 'tournament.update',
          targetType: 'tournament',
          targetId: id,
          payload: { ...body },
        },
        transaction,
      );
      await this.scoring.changed(transaction);
      return updated;
    });
    if (body.endsAt !== undefined) await this.scheduler.schedulePayout(row.id, row.ends_at);
    const counts = await this.repository.playerCounts(this.db);
    return toBackoffice(row, counts.get(id) ?? 0, at);
  }

  // ─── the end ────────────────────────────────────────────────────────────────────────────────

  /**
   * Finishes and pays a tournament that has ended; true when this call paid it. Safe to run any
   * number of times from any number of processes: the row lock and the status decide.
   */
  async settle(id: string): Promise<boolean> {
    const frozen = await this.transactions.run(async (transaction) => {
      const row = await this.repository.lock(transaction, id);
      if (!row) return false;
      if (row.status === 'finished') return true;
      if (row.status === 'paid' || row.ends_at > this.clock.now()) return false;
      // The lock waited for every round being counted; from the commit on none is.
      await this.repository.setStatus(transaction, id, 'finished', this.clock.now());
      await this.scoring.changed(transaction);
      return true;
    });
    if (!frozen) return false;
    return await this.transactions.run(async (transaction) => {
      const row = await this.repository.lock(transaction, id);
      if (row?.status !== 'finished') return false;
      await this.payPrizes(transaction, row);
      await this.repository.deleteContributions(transaction, id);
      await this.repository.setStatus(transaction, id, 'paid', this.clock.now());
      return true;
    });
  }

  /** The minute sweep: started tournaments marked running, ended ones settled. */
  async sweep(): Promise<{ paid: number }> {
    const now = this.clock.now();
    await this.repository.markStarted(this.db, now);
    let paid = 0;
    for (const id of await this.repository.due(this.db, now)) {
      if (await this.settle(id)) paid += 1;
    }
    return { paid };
  }

  /**
   * Each place with a prize goes to the player ranked there (positive scores only): the prize,
   * converted to the winner's primary currency at the rate in force (rounded down), moves from
   * the platform's tournament-prize account through the exchange accounts to the winner's main
   * account; the payout is recorded (unique per place and per winner) and the winner told.
   */
  private async payPrizes(transaction: DatabaseTransaction, row: TournamentRow): Promise<void> {
    const ranked = await this.repository.ranking(transaction, row.id, {
      limit: row.prizes.length,
      offset: 0,
    });
    const scale = currencyScale(row.currency);
    const now = this.clock.now();
    for (const [index, winner] of ranked.entries()) {
      const place = index + 1;
      const prize = row.prizes.find((candidate) => candidate.place === place);
      const amountMinor = prize ? parseDecimalToMinor(prize.amount, scale) : null;
      if (amountMinor === null || amountMinor <= 0n) continue;
      const account = await this.users.findAccount(winner.user_id, transaction);
      if (!account) continue;
      const paidCurrency = account.primaryCurrency;
      const quote = await this.ledger.quote(amountMinor, row.currency, paidCurrency, 'down');
      let ledgerTransactionId: string | null = null;
      if (quote.amountMinor > 0n) {
        const postings: Posting[] =
          paidCurrency === row.currency
            ? [
                {
                  account: platformAccount(row.currency, 'tournament_prizes'),
                  amountMinor: -amountMinor,
                },
                { account: playerAccount(winner.user_id, paidCurrency, 'main'), amountMinor },
              ]
            : [
                {
                  account: platformAccount(row.currency, 'tournament_prizes'),
                  amountMinor: -amountMinor,
                },
                { account: platformAccount(row.currency, 'exchange'), amountMinor },
                {
                  account: platformAccount(paidCurrency, 'exchange'),
                  amountMinor: -quote.amountMinor,
                },
                {
                  account: playerAccount(winner.user_id, paidCurrency, 'main'),
                  amountMinor: quote.amountMinor,
                },
              ];
        ({ transactionId: ledgerTransactionId } = await this.ledger.postTransaction(transaction, {
          type: tournamentPrizeLedgerType,
          externalReference: `${row.id}:${place}`,
          postings,
          metadata: {
            tournamentId: row.id,
            place,
            prize: prize?.amount,
            currency: row.currency,
            rate: quote.rate,
            rateAsOf: quote.rateAsOf.toISOString(),
          },
        }));
      }
      await this.repository.insertPayout(transaction, {
        tournamentId: row.id,
        place,
        userId: winner.user_id,
        score: winner.score,
        amountMinor,
        currency: row.currency,
        paidAmountMinor: quote.amountMinor,
        paidCurrency,
        rate: quote.rate,
        ledgerTransactionId,
        paidAt: now,
      });
      const description = tournamentDescriptionFor(row.descriptions, account.language);
      await this.events.tournamentWon(transaction, winner.user_id, {
        type: 'win',
        tournamentId: row.id,
        name: description?.name ?? row.id,
        place,
        prize: {
          value: formatMinorToDecimal(quote.amountMinor, currencyScale(paidCurrency)),
          currency: paidCurrency,
        },
      });
    }
  }

  // ─── demo ───────────────────────────────────────────────────────────────────────────────────

  /**
   * Three demo tournaments, created once: a running one on every original (total wagered, USD),
   * a running VIP-only one (best multiplier), and one starting in two days (total won).
   */
  async seedDemoTournaments(): Promise<void> {
    const now = this.clock.now();
    const day = 24 * 60 * 60 * 1000;
    const originals = await this.repository.originalGameIds(this.db);
    const demos: Array<Parameters<TournamentsRepository['insert']>[1]> = [
      {
        id: 'originals-race',
        vip_only: false,
        descriptions: demoTexts.originalsRace,
        starts_at: new Date(now.getTime() - day),
        ends_at: new Date(now.getTime() + 6 * day),
        scoring: 'wagered',
        currency: 'USD',
        prizes: demoPrizes(['500.00', '250.00', '100.00', '50.00', '25.00']),
        game_ids: originals,
        scores_sport: false,
        at: now,
      },
      {
        id: 'vip-high-rollers',
        vip_only: true,
        descriptions: demoTexts.vipHighRollers,
        starts_at: new Date(now.getTime() - day),
        ends_at: new Date(now.getTime() + 3 * day),
        scoring: 'best_multiplier',
        currency: 'USD',
        prizes: demoPrizes(['2000.00', '1000.00', '500.00']),
        game_ids: [],
        scores_sport: false,
        at: now,
      },
      {
        id: 'weekend-jackpot',
        vip_only: false,
        descriptions: demoTexts.weekendJackpot,
        starts_at: new Date(now.getTime() + 2 * day),
        ends_at: new Date(now.getTime() + 4 * day),
        scoring: 'won',
        currency: 'USD',
        prizes: demoPrizes(['1000.00', '500.00', '250.00', '100.00']),
        game_ids: [],
        scores_sport: false,
        at: now,
      },
    ];
    for (const demo of demos) {
      const inserted = await this.repository.insert(this.db, demo);
      if (inserted) await this.scheduler.schedulePayout(inserted.id, inserted.ends_at);
    }
    this.scoring.invalidate();
  }
}

/** Prize amounts with exactly the currency's decimals ('10' → '10.00'). */
function normalisedPrizes(
  prizes: Array<{ place: number; amount: string }>,
  currency: string,
): Array<{ place: number; amount: string }> {
  const scale = currencyScale(currency);
  return prizes.map((prize) => ({
    place: prize.place,
    amount: formatMinorToDecimal(parseDecimalToMinor(prize.amount, scale) ?? 0n, scale),
  }));
}

function demoPrizes(amounts: string[]) {
  return amounts.map((amount, index) => ({ place: index + 1, amount }));
}

type Texts = Record<string, StoredTournamentDescription>;

function texts(image: string, byLocale: Record<string, [string, string]>): Texts {
  return Object.fromEntries(
    Object.entries(byLocale).map(([locale, [name, description]]) => [
      locale,
      { name, description, image },
    ]),
  );
}

const demoTexts = {
  originalsRace: texts('/tournaments/originals-race.svg', {
    en: [
      'Originals Race',
      'Every stake on our in-house games counts. The more you wager, the higher you climb.',
    ],
    ru: [
      'Гонка Originals',
      'Каждая ставка в наших играх идёт в зачёт. Чем больше ставите, тем выше место.',
    ],
    uk: [
      'Перегони Originals',
      'Кожна ставка в наших іграх іде в залік. Більше ставок — вище місце.',
    ],
    kk: ['Originals жарысы', 'Біздің ойындардағы әр бәс есептеледі. Көп қойсаңыз, орныңыз жоғары.'],
    az: [
      'Originals yarışı',
      'Oyunlarımızda hər mərc sayılır. Nə qədər çox qoysanız, bir o qədər yuxarı qalxırsınız.',
    ],
    uz: [
      'Originals poygasi',
      'Oʻyinlarimizdagi har bir tikish hisoblanadi. Koʻp tiksangiz, yuqoriroq boʻlasiz.',
    ],
    hi: ['Originals रेस', 'हमारे इन-हाउस गेम्स पर हर दांव गिना जाता है। जितना ज़्यादा दांव, उतना ऊँचा स्थान।'],
    pl: [
      'Wyścig Originals',
      'Liczy się każdy zakład w naszych grach. Im więcej obstawiasz, tym wyżej jesteś.',
    ],
    id: [
      'Balapan Originals',
      'Setiap taruhan di game kami dihitung. Semakin banyak bertaruh, semakin tinggi peringkat.',
    ],
  }),
  vipHighRollers: texts('/tournaments/vip-high-rollers.svg', {
    en: [
      'VIP High Rollers',
      'For VIP players only: your best multiplier of a single round decides.',
    ],
    ru: ['VIP Хайроллеры', 'Только для VIP: решает ваш лучший множитель за один раунд.'],
    uk: ['VIP Хайролери', 'Лише для VIP: вирішує ваш найкращий множник за один раунд.'],
    kk: ['VIP хайроллерлер', 'Тек VIP үшін: бір раундтағы ең үлкен көбейткіш шешеді.'],
    az: ['VIP Hayrollerlər', 'Yalnız VIP üçün: bir raunddakı ən yaxşı əmsalınız həll edir.'],
    uz: [
      'VIP Xayrollerlar',
      'Faqat VIP uchun: bir raunddagi eng yaxshi koeffitsiyentingiz hal qiladi.',
    ],
    hi: ['VIP हाई रोलर्स', 'केवल VIP के लिए: एक राउंड का आपका सबसे अच्छा मल्टीप्लायर तय करता है।'],
    pl: ['VIP High Rollers', 'Tylko dla VIP: decyduje najlepszy mnożnik z jednej rundy.'],
    id: ['VIP High Rollers', 'Khusus VIP: pengali terbaik Anda dalam satu ronde yang menentukan.'],
  }),
  weekendJackpot: texts('/tournaments/weekend-jackpot.svg', {
    en: [
      'Weekend Jackpot',
      'Total winnings over the weekend decide the places. Every game counts.',
    ],
    ru: ['Джекпот выходных', 'Места решает сумма выигрышей за выходные. Считаются все игры.'],
    uk: ['Джекпот вихідних', 'Місця визначає сума виграшів за вихідні. Зараховуються всі ігри.'],
    kk: ['Демалыс джекпоты', 'Орындарды демалыстағы жалпы ұтыс шешеді. Барлық ойын есептеледі.'],
    az: [
      'Həftəsonu cekpotu',
      'Yerləri həftəsonu ümumi uduşlar müəyyən edir. Bütün oyunlar sayılır.',
    ],
    uz: [
      'Dam olish jekpoti',
      'Oʻrinlarni dam olish kunlaridagi jami yutuqlar belgilaydi. Barcha oʻyinlar hisoblanadi.',
    ],
    hi: ['वीकेंड जैकपॉट', 'वीकेंड की कुल जीत स्थान तय करती है। हर गेम गिना जाता है।'],
    pl: [
      'Weekendowy jackpot',
      'O miejscach decydują łączne wygrane w weekend. Liczą się wszystkie gry.',
    ],
    id: [
      'Jackpot Akhir Pekan',
      'Total kemenangan selama akhir pekan menentukan peringkat. Semua game dihitung.',
    ],
  }),
};

function prizePool(row: TournamentRow): string {
  const scale = currencyScale(row.currency);
  const total = row.prizes.reduce(
    (sum, prize) => sum + (parseDecimalToMinor(prize.amount, scale) ?? 0n),
    0n,
  );
  return formatMinorToDecimal(total, scale);
}

function toTournament(row: TournamentRow, now: Date): Tournament {
  const scale = currencyScale(row.currency);
  return {
    id: row.id,
    vip_players_only: row.vip_only,
    descriptions: row.descriptions,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    status: statusAt(row, now),
    scoring: row.scoring,
    currency: row.currency,
    prizes: row.prizes.map((prize) => ({
      place: prize.place,
      amount: formatMinorToDecimal(parseDecimalToMinor(prize.amount, scale) ?? 0n, scale),
    })),
    prizePool: prizePool(row),
  };
}

function toBackoffice(row: TournamentRow, players: number, now: Date): BackofficeTournament {
  const view = toTournament(row, now);
  return {
    id: row.id,
    vipOnly: row.vip_only,
    descriptions: row.descriptions,
    startsAt: view.startsAt,
    endsAt: view.endsAt,
    status: view.status,
    scoring: row.scoring,
    currency: row.currency,
    prizes: view.prizes,
    gameIds: row.game_ids,
    scoresSport: row.scores_sport,
    players,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * A stored score on the wire: money (minor units of the tournament currency) as a decimal of
 * the currency, a multiplier with two decimals (rounded down).
 */
function formatScore(row: Pick<TournamentRow, 'scoring' | 'currency'>, score: string): string {
  const [whole = '0', fraction = ''] = score.split('.');
  if (row.scoring === 'best_multiplier') return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
  return formatMinorToDecimal(BigInt(whole), currencyScale(row.currency));
}
