/**
 * `npm run ledger:check`: proves the ledger consistent (LedgerRepository.check) and exits 1 on
 * any violation. Uses DATABASE_URL, or else the embedded PostgreSQL of `npm start`: the running
 * one when there is one, otherwise it starts it for the check and stops it afterwards.
 */
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { embeddedDatabaseName, startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { Transactions } from '../lib/transactions.ts';
import { LedgerRepository } from '../modules/money/ledger/ledger.repository.ts';

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<number> {
  const config = loadConfig();
  let databaseUrl = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (databaseUrl === null) {
    const runningUrl = `postgres://postgres:postgres@localhost:${config.embeddedPostgresPort}/${embeddedDatabaseName}`;
    if (await canConnect(runningUrl)) {
      databaseUrl = runningUrl;
      console.info(`using the running embedded PostgreSQL on port ${config.embeddedPostgresPort}`);
    } else {
      console.info('starting the embedded PostgreSQL for the check');
      const embedded = await startEmbeddedPostgres({
        directory: join(config.dataDirectory, 'postgres'),
        port: config.embeddedPostgresPort,
        log: () => {},
        info: (message) => console.info(message),
        warn: (message) => console.warn(message),
      });
      stopEmbedded = embedded.stop;
      databaseUrl = embedded.databaseUrl;
    }
  }

  const db = createDatabase({
    connectionString: databaseUrl,
    maxConnections: 1,
    preparedStatements: config.databasePreparedStatements,
  });
  try {
    // The check reads; it never migrates a database the server has not set up itself.
    const { rows } = await sql<{
      ready: boolean;
    }>`SELECT to_regclass('ledger_transactions') IS NOT NULL AS ready`.execute(db);
    if (!rows[0]?.ready) {
      console.info('FAILED: this database has no ledger tables yet (start the server once)');
      return 1;
    }
    const report = await new Transactions({ db }).run(
      (transaction) => new LedgerRepository().check(transaction),
      { isolationLevel: 'repeatable read', readOnly: true },
    );
    console.info(
      `ledger: ${report.transactions} transactions, ${report.postings} postings, ` +
        `${report.accounts} accounts, ${report.holds} holds`,
    );
    if (report.violations.length === 0) {
      console.info(
        'OK: every transaction balances per currency, every balance equals its postings, ' +
          'no player balance is negative, every hold matches its postings',
      );
      return 0;
    }
    console.info(`FAILED: ${report.violations.length} violation(s)`);
    for (const violation of report.violations) console.info(`  - ${violation}`);
    return 1;
  } finally {
    await db.destroy();
    await stopEmbedded?.();
  }
}

// An explicit exit: embedded-postgres's own exit hook would otherwise run after the server was
// already stopped and throw while the process winds down.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
