import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { serverRoot } from '../paths.ts';
import { moduleOf } from './modules.ts';
import {
  declaredTables,
  isWrite,
  moduleFiles,
  schemaTableOwners,
  type TableUse,
  tableUsesInSource,
  tableUsesInSqlFile,
} from './table-ownership.ts';

interface AllowedUse {
  module: string;
  /** `read` allows reads only; `write` allows reads and writes */
  access: 'read' | 'write';
  tables: string[];
  reason: string;
}

/**
 * SQL of one module touching another module's tables, allowed today. Keep it short: a new entry
 * needs a reason a reviewer accepts (most are a read-only join for a listing); an entry nothing
 * uses any more fails the test, so the list only shrinks.
 */
const allowedUses: AllowedUse[] = [
  {
    module: 'backoffice/players',
    access: 'read',
    tables: [
      'users',
      'sessions',
      'ledger_accounts',
      'ledger_transactions',
      'ledger_postings',
      'fiat_orders',
      'crypto_deposits',
      'crypto_withdrawals',
      'crypto_methods',
      'user_bonuses',
      'game_rounds',
      'games',
      'sport_tickets',
      'operator_audit_log',
      'operators',
      'player_payment_restrictions',
    ],
    reason:
      "the operators' 360° view of a player is a read model over the platform: the search " +
      '(sorted by last sign-in and main balance in one statement) and one player’s lists — ' +
      'postings, sessions, orders on every rail, bonuses, rounds, tickets, the audit about ' +
      'them — each one indexed statement by the player (never written; the one write, ending ' +
      'a session, goes through the auth service)',
  },
  {
    module: 'backoffice/reports',
    access: 'read',
    tables: [
      'ledger_transactions',
      'ledger_postings',
      'ledger_accounts',
      'sport_tickets',
      'fiat_orders',
      'crypto_withdrawals',
      'crypto_deposits',
      'balance_adjustments',
    ],
    reason:
      "the operators' reports are a read model over the whole platform: GGR and NGR summed from " +
      "the ledger's postings in one pass, the sportsbook's open liability and the queue counts " +
      'of the dashboard in one statement (never written)',
  },
  {
    module: 'backoffice/approvals',
    access: 'read',
    tables: [
      'withdrawal_first_approvals',
      'fiat_orders',
      'crypto_withdrawals',
      'crypto_methods',
      'balance_adjustments',
      'users',
      'operators',
    ],
    reason:
      'the maker-checker queue is a read model over every kind of request a second operator ' +
      "approves: the cashier's first approvals joined to the rails' pending withdrawals, the " +
      'adjustments awaiting approval, their players and first approvers, one paged statement ' +
      '(never written; the approving stays with each owner)',
  },
  {
    module: 'money/wagering',
    access: 'write',
    tables: [
      'ledger_accounts',
      'ledger_transactions',
      'ledger_postings',
      'game_rounds',
      'fairness_seeds',
      'game_last_played',
      'idempotency_keys',
      'realtime_streams',
      'realtime_history',
    ],
    reason:
      'the one writer of rounds and their postings: settle_rounds.sql applies a batch of rounds ' +
      "(both bet paths) in one statement — the stake's and payout's postings (checked by the " +
      "ledger's statement triggers), the round, its nonce and last played, and for an instant " +
      "round its request's idempotency record and balance publication, all or none",
  },
  {
    module: 'money/wagering',
    access: 'read',
    tables: ['users', 'sessions', 'user_bonuses', 'bonus_offer_games'],
    reason:
      'a round applies only while its session is live and its player not banned; a round ' +
      'computed outside a transaction is refused when its player has an open bonus it was not ' +
      "computed from, and one computed from the player's active bonus is checked against that " +
      "bonus's row and its offer's game contribution",
  },
  {
    module: 'money/wagering',
    access: 'write',
    tables: ['user_bonuses'],
    reason:
      "settle_rounds.sql adds an instant round's wagering to the active bonus it was computed " +
      "from (wager_current_minor only, under the bonus row's lock, in the round's statement; the " +
      "bonus's transitions stay with the bonus engine on the general path)",
  },
  {
    module: 'casino/originals',
    access: 'read',
    tables: [
      'users',
      'user_bonuses',
      'bonus_offer_games',
      'ledger_accounts',
      'idempotency_keys',
      'games',
    ],
    reason:
      "the instant path reads the player's context (account, balances, open bonus and the " +
      "game's contribution to its wagering, the " +
      "request key's record) in one statement; " +
      'game_rounds_checked.sql checks a round against its player and game; round history shows ' +
      'the game title',
  },
  {
    module: 'sportsbook/betting',
    access: 'read',
    tables: ['sport_events', 'sport_markets', 'sport_outcomes', 'sport_sports', 'users'],
    reason:
      "a ticket's placement and in-play decision read each selection as players see it (the " +
      "feed's shown status and price) in the statement that checks and writes the ticket; a " +
      "ticket's legs are named from their events and markets; limits are set per existing " +
      'sport; a bet factor is set for an existing player',
  },
  {
    module: 'sportsbook/betting',
    access: 'write',
    tables: ['idempotency_keys'],
    reason:
      'pre-match tickets placed in one batch statement (sport_place_tickets.sql, the way ' +
      "instant rounds are) write each request's idempotency record with the answer in that " +
      'statement, each ticket all or none',
  },
  {
    module: 'sportsbook/betting',
    access: 'read',
    tables: ['ledger_accounts', 'user_bonuses', 'sessions'],
    reason:
      "a pre-match ticket is priced from the player's context (balances, open bonus, the " +
      "request key's record) read in one statement or kept, and its batch statement " +
      '(sport_place_tickets.sql) checks that the session is live, no bonus opened and the ' +
      'balances its publication was computed from still hold (their rows locked in id order)',
  },
  {
    module: 'money/wagering',
    access: 'read',
    tables: ['player_limits', 'player_exclusions'],
    reason:
      'a round computed outside a transaction (settle_rounds.sql) is refused when its player ' +
      'has a responsible-gambling wager, loss or session limit, a reality-check interval or an ' +
      'exclusion row: the general path checks them under its lock',
  },
  {
    module: 'casino/originals',
    access: 'read',
    tables: ['player_limits', 'player_exclusions'],
    reason:
      "the instant path's context read says whether the player has a stake limit or an " +
      'exclusion row (then the round takes the general path, where they are checked)',
  },
  {
    module: 'sportsbook/betting',
    access: 'read',
    tables: ['player_limits', 'player_exclusions'],
    reason:
      "a pre-match ticket's context read and its batch statement send a player with a " +
      'responsible-gambling wager or loss limit or an exclusion row to the general path, where ' +
      'they are checked',
  },
  {
    module: 'players/protection',
    access: 'read',
    tables: ['ledger_accounts', 'ledger_transactions', 'users'],
    reason:
      "wager, loss and session limits count the player's stakes and wins as the ledger holds " +
      'them (every bet path posts there): the statement trigger of ledger_postings ' +
      '(player_usage_record.sql) adds each statement’s to the hourly usage and the play ' +
      'session; the stake gate reads the reality-check interval with the play session in one ' +
      'statement (usage.repository.ts)',
  },
  {
    module: 'casino/games',
    access: 'read',
    tables: ['game_rounds'],
    reason: 'the popularity sort counts last week’s rounds per game in one statement (a job)',
  },
  {
    module: 'casino/seamless',
    access: 'read',
    tables: ['games'],
    reason:
      "a provider's games list joins their catalog rows; claiming ids locks those rows " +
      '(FOR UPDATE) with the seamless codes in one read',
  },
  {
    module: 'money/cashier/rails/crypto',
    access: 'read',
    tables: ['users'],
    reason: "the operator's withdrawal listing shows the player's e-mail",
  },
  {
    module: 'money/ledger',
    access: 'read',
    tables: ['users'],
    reason: "a balance sheet reads the player's global id and primary currency in one statement",
  },
  {
    module: 'players/auth',
    access: 'read',
    tables: ['users'],
    reason: 'every authenticated request reads its session and its player in one statement',
  },
  {
    module: 'promotions/banners',
    access: 'read',
    tables: ['tournaments'],
    reason: 'a banner links to a tournament: the link targets come from the tournaments listing',
  },
  {
    module: 'promotions/tournaments',
    access: 'read',
    tables: ['users', 'games'],
    reason: "leaderboards show masked player names; the demo tournament lists the originals' ids",
  },
  {
    module: 'sportsbook/betting',
    access: 'read',
    tables: ['sport_markets', 'sport_outcome_results', 'sport_events', 'sport_sports', 'users'],
    reason:
      "the settlement follows the feed's decisions: a market's results, cancellation window and " +
      'their versions, read set-based with the legs they settle (10,000 tickets on one market); ' +
      "a ticket's view names its legs' event, market and outcome" +
      '; ' +
      "a ticket read with its legs in one statement (the cash-out's answer, the operators' " +
      "ticker) names the player, each leg's event and market type; GGR groups tickets by their " +
      "events' sport and names it",
  },
  {
    module: 'realtime',
    access: 'read',
    tables: ['users'],
    reason: "a player's channels are named by the global id (user id → global id)",
  },
];

const declared = declaredTables();
const ownerOf = new Map<string, string>();
for (const { table, declaredIn } of declared) {
  const owners = declaredIn.length > 0 ? declaredIn : [schemaTableOwners[table]];
  if (owners.length === 1 && owners[0] !== undefined) ownerOf.set(table, owners[0]);
}
const tables = new Set(declared.map(({ table }) => table));

let scanned: TableUse[] | undefined;

/** Parsing every module file takes a few seconds: once per run. */
function allModuleUses(): TableUse[] {
  if (scanned !== undefined) return scanned;
  const typescript = moduleFiles((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
  const storedSql = moduleFiles((name) => /(^|\/)db\/[^/]+\.sql$/.test(name));
  scanned = [
    ...typescript.flatMap((file) => tableUsesInSource(file, tables)),
    ...storedSql.flatMap((file) => tableUsesInSqlFile(file, tables)),
  ];
  return scanned;
}

function isAllowed(module: string, use: TableUse): AllowedUse | undefined {
  return allowedUses.find(
    (allowed) =>
      allowed.module === module &&
      allowed.tables.includes(use.table) &&
      (allowed.access === 'write' || !isWrite(use)),
  );
}

describe('table ownership', { timeout: 60_000 }, () => {
  it('every table of db/schema.ts has exactly one owner', () => {
    const problems: string[] = [];
    for (const { table, declaredIn } of declared) {
      const listed = schemaTableOwners[table];
      if (declaredIn.length > 1) problems.push(`${table}: row types from ${declaredIn.join(', ')}`);
      if (declaredIn.length > 0 && listed !== undefined) {
        problems.push(`${table}: declared in ${declaredIn[0]}, also listed in schemaTableOwners`);
      }
      if (declaredIn.length === 0 && listed === undefined) {
        problems.push(`${table}: declared in db/schema.ts, missing from schemaTableOwners`);
      }
    }
    for (const table of Object.keys(schemaTableOwners)) {
      if (!tables.has(table)) problems.push(`${table}: in schemaTableOwners, not in Database`);
    }
    expect(problems).toEqual([]);
    expect(tables.size).toBeGreaterThan(50);
  });

  it('every owner is a module that exists (or the idempotency layer)', () => {
    const modules = new Set(
      moduleFiles((name) => name.endsWith('.ts'))
        .map((file) =>
          moduleOf(`src/modules/${file.slice(join(serverRoot, 'src/modules/').length)}`),
        )
        .filter((module) => module !== null),
    );
    const unknown = [...new Set(ownerOf.values())].filter(
      (owner) => !modules.has(owner) && owner !== 'lib/idempotency',
    );
    expect(unknown).toEqual([]);
  });

  it("a module's SQL (repositories, sql`…`, db/*.sql) touches only its own tables, except the allowed list", () => {
    const violations = allModuleUses().flatMap((use) => {
      const module = moduleOf(use.file);
      const owner = ownerOf.get(use.table);
      if (module === null || module === owner || isAllowed(module, use)) return [];
      const access = isWrite(use) ? 'writes' : 'reads';
      return [`${use.file}:${use.line} ${access} ${use.table} (${use.how}), owned by ${owner}`];
    });
    expect(violations).toEqual([]);
  });

  it('every allowed use is still made (delete the entries that are not)', () => {
    const uses = allModuleUses();
    const unused = allowedUses.flatMap((allowed) =>
      allowed.tables
        .filter(
          (table) =>
            !uses.some(
              (use) =>
                moduleOf(use.file) === allowed.module &&
                use.table === table &&
                (allowed.access === 'read' ? !isWrite(use) : isWrite(use)),
            ),
        )
        .map((table) => `${allowed.module} ${allowed.access} ${table}`),
    );
    expect(unused).toEqual([]);
  });

  it('rounds and their postings have one writer (settle_rounds), the ledger two more (ledger_post, ledger_post_many)', () => {
    const writers = (table: string) =>
      [
        ...new Set(
          allModuleUses()
            .filter((use) => use.table === table && isWrite(use))
            .map((use) => use.file),
        ),
      ].sort();
    const settleRounds = 'src/modules/money/wagering/db/settle_rounds.sql';
    // the originals' rounds, whichever bet path plays them
    expect(writers('game_rounds')).toEqual([settleRounds]);
    // every other movement of money is one ledger_post() call (LedgerRepository.post), or one
    // of a batch's ledger_post_many() call (LedgerRepository.postMany: the sport settlement)
    const ledgerPost = 'src/modules/money/ledger/db/ledger_post.sql';
    const ledgerPostMany = 'src/modules/money/ledger/db/ledger_post_many.sql';
    const ledgerWriters = [ledgerPost, ledgerPostMany, settleRounds].sort();
    expect(writers('ledger_transactions')).toEqual(ledgerWriters);
    expect(writers('ledger_postings')).toEqual(ledgerWriters);
  });

  it('finds tables in Kysely calls, sql`…` text and stored SQL', async () => {
    const { mkdtemp, rm, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const directory = await mkdtemp(join(tmpdir(), 'table-ownership-'));
    onTestFinished(() => rm(directory, { recursive: true, force: true }));
    const source = join(directory, 'probe.repository.ts');
    await writeFile(
      source,
      [
        "db.selectFrom('games as g').innerJoin('users', 'users.id', 'g.id');",
        "db.insertInto('wheel_spins'); db.updateTable(['banners']); db.deleteFrom('promo_codes');",
        "db.with('games', (q) => q).selectFrom('tournaments');",
        'sql`SELECT 1 FROM ledger_accounts a JOIN public.sessions s ON true`;',
        // a substitution splits the template: both halves are read
        `sql\`-- FROM partners\n INSERT INTO languages \${x} UPDATE settings SET DELETE FROM operators\`;`,
        "const s = 'FROM exchange_rates'; // not SQL: no sql tag",
      ].join('\n'),
    );
    const found = tableUsesInSource(source, tables).map((use) => `${use.how} ${use.table}`);
    expect(found.sort()).toEqual(
      [
        'selectFrom games',
        'innerJoin users',
        'insertInto wheel_spins',
        'updateTable banners',
        'deleteFrom promo_codes',
        'selectFrom tournaments',
        'FROM ledger_accounts',
        'JOIN sessions',
        'INTO languages',
        'UPDATE settings',
        'DELETE FROM operators',
      ].sort(),
    );
    const stored = join(directory, 'probe.sql');
    await writeFile(
      stored,
      '/* UPDATE games */\nCREATE FUNCTION f() AS $$ UPDATE users SET x = 1 $$;',
    );
    expect(tableUsesInSqlFile(stored, tables)).toMatchObject([
      { table: 'users', how: 'UPDATE', line: 2 },
    ]);
  });
});
