/**
 * Ledger throughput: player-to-player transfers through LedgerService.postTransaction (one
 * balanced transaction: accounts locked in id order, balance check, transaction + 2 postings,
 * 2 balance updates, the ledger's statement checks) from 8 concurrent workers on a pool
 * of 8, beside `pgbench -b tpcb-like` (3 updates, 1 select, 1 insert per transaction) with 8
 * clients on the same PostgreSQL server. Target ratio: 0.5 or better.
 */

import { sql } from 'kysely';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { CacheInvalidation } from '../apps/server/src/lib/cache-invalidation.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { Transactions } from '../apps/server/src/lib/transactions.ts';
import { AuditRepository } from '../apps/server/src/modules/backoffice/audit/audit.repository.ts';
import { AuditService } from '../apps/server/src/modules/backoffice/audit/audit.service.ts';
import { ExchangeRatesRepository } from '../apps/server/src/modules/money/exchange-rates/exchange-rates.repository.ts';
import { ExchangeRatesService } from '../apps/server/src/modules/money/exchange-rates/exchange-rates.service.ts';
import { LedgerRepository } from '../apps/server/src/modules/money/ledger/ledger.repository.ts';
import {
  LedgerService,
  platformAccount,
  playerAccount,
} from '../apps/server/src/modules/money/ledger/ledger.service.ts';
import { measurePgbench, printResult, recreateDatabase } from './support.ts';

const players = 1_000;
const workers = 8;
const seconds = 10;
const openingBalanceMinor = 1_000_000_000n;

export async function run(adminUrl: string) {
  const databaseUrl = await recreateDatabase(adminUrl, 'bench_ledger');
  await runMigrations(databaseUrl, { log: () => {} });
  const db = createDatabase({ connectionString: databaseUrl, maxConnections: workers });
  try {
    const transactions = new Transactions({ db });
    const ledger = new LedgerService({
      db,
      transactions,
      repository: new LedgerRepository(),
      rates: new ExchangeRatesService({
        transactions,
        repository: new ExchangeRatesRepository(db),
        audit: new AuditService({ repository: new AuditRepository(db), clock: systemClock }),
        clock: systemClock,
        caches: new CacheInvalidation({ transactions }),
      }),
    });
    const { rows } = await sql<{ id: string }>`
      INSERT INTO users (email, password_hash)
      SELECT 'bench-' || n || '@example.com', 'not-a-login' FROM generate_series(1, ${players}) n
      RETURNING id`.execute(db);
    const userIds = rows.map((row) => row.id);
    for (const [index, userId] of userIds.entries()) {
      await ledger.postTransaction(db, {
        type: 'deposit',
        externalReference: `bench-opening-${index}`,
        postings: [
          {
            account: platformAccount('USD', 'provider_clearing'),
            amountMinor: -openingBalanceMinor,
          },
          { account: playerAccount(userId, 'USD', 'main'), amountMinor: openingBalanceMinor },
        ],
      });
    }

    let transfers = 0;
    const deadline = Date.now() + seconds * 1000;
    const startedAt = performance.now();
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (Date.now() < deadline) {
          const from = userIds[Math.floor(Math.random() * userIds.length)] ?? '';
          let to = from;
          while (to === from) to = userIds[Math.floor(Math.random() * userIds.length)] ?? '';
          const amountMinor = BigInt(1 + Math.floor(Math.random() * 10_000));
          await ledger.postTransaction(db, {
            type: 'transfer',
            postings: [
              { account: playerAccount(from, 'USD', 'main'), amountMinor: -amountMinor },
              { account: playerAccount(to, 'USD', 'main'), amountMinor },
            ],
          });
          transfers += 1;
        }
      }),
    );
    const elapsedSeconds = (performance.now() - startedAt) / 1000;
    const report = await ledger.check();
    if (report.violations.length > 0) {
      throw new Error(
        `the ledger is inconsistent after the bench:\n${report.violations.join('\n')}`,
      );
    }
    const baseline = await measurePgbench(adminUrl, {
      workload: ['-b', 'tpcb-like'],
      clients: 8,
      seconds,
    });
    printResult('ledger transfers (postTransaction)', transfers / elapsedSeconds, 'tx/s', baseline);
    console.info(`  ${transfers} transfers among ${players} players; ledger check clean`);
  } finally {
    await db.destroy();
  }
}
