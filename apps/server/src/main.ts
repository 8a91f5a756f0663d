import { existsSync } from 'node:fs';
import { join } from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { bootstrapPlatform } from './db/bootstrap.ts';
import { createDatabase } from './db/database.ts';
import { demoPlayers, insertDemoData } from './db/demo-data.ts';
import { type RunningEmbeddedPostgres, startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { runMigrations } from './db/migrate.ts';
import { createLogger } from './logger.ts';

/**
 * `npm start` runs this process under npm (and a shell), which forward a terminal's SIGINT to it
 * after the terminal itself sent it: one Ctrl+C can arrive twice. Signals within this window of
 * the first are that same request; a later one is a second Ctrl+C and ends the process at once.
 */
const repeatedSignalWindowMs = 3_000;
/** How long the graceful shutdown may take before the process exits regardless. */
const shutdownTimeoutMs = 15_000;

/** Owns the process: configuration, database server, listening, and graceful shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const cleanups: Array<() => Promise<void>> = [];
  let cleaning: Promise<void> | null = null;
  /** Runs each clean-up registered so far once, the last registered first. */
  const cleanUp = () => {
    cleaning ??= (async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    })();
    return cleaning;
  };

  // Installed before anything starts, so a signal during the start still stops what started
  // (the embedded PostgreSQL runs in its own process group and never sees the terminal's SIGINT).
  let shutdownRequestedAt: number | null = null;
  const graceful = closeWithGrace(
    { delay: shutdownTimeoutMs, logger, skip: ['SIGINT', 'SIGTERM'] },
    async ({ err }) => {
      if (err) logger.error({ err }, 'shutting down after an unexpected error');
      await cleanUp();
      logger.info('stopped');
    },
  );
  const onSignal = (signal: NodeJS.Signals) => {
    const now = Date.now();
    if (shutdownRequestedAt === null) {
      shutdownRequestedAt = now;
      logger.info({ signal }, 'shutting down');
      void graceful.close();
    } else if (now - shutdownRequestedAt > repeatedSignalWindowMs) {
      logger.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    let databaseUrl = config.databaseUrl;
    let embedded: RunningEmbeddedPostgres | undefined;
    if (databaseUrl === null) {
      const postgresLogger = logger.child({ component: 'postgres' });
      embedded = await startEmbeddedPostgres({
        directory: join(config.dataDirectory, 'postgres'),
        port: config.embeddedPostgresPort,
        log: (message) => postgresLogger.debug(message),
        info: (message) => postgresLogger.info(message),
        warn: (message) => postgresLogger.warn(message),
      });
      cleanups.push(embedded.stop);
      databaseUrl = embedded.databaseUrl;
      logger.info({ port: config.embeddedPostgresPort }, 'embedded PostgreSQL is running');
    }

    // Migrations hold a session-level lock and run multi-statement scripts: never through a
    // pooler in transaction mode.
    const directDatabaseUrl = config.databaseDirectUrl ?? databaseUrl;
    await runMigrations(directDatabaseUrl, { log: (message) => logger.info(message) });

    const db = createDatabase({
      connectionString: databaseUrl,
      maxConnections: config.databasePoolSize,
      preparedStatements: config.databasePreparedStatements,
      onUnavailable: (error) =>
        logger.warn(
          { reason: error.message },
          'lost the connection to PostgreSQL; requests answer 503 until it is back',
        ),
      onAvailable: () => logger.info('connected to PostgreSQL again'),
    });
    cleanups.push(() => db.destroy());

    const app = await buildApp({ config, db, databaseUrl, directDatabaseUrl, logger });
    cleanups.push(() => app.close());

    await bootstrapPlatform(app.services, config);
    if (config.demoData) {
      const created = await insertDemoData(app.services, {
        playerBalanceUsd: config.demoPlayerBalanceUsd,
      });
      if (created > 0) logger.info({ created }, 'inserted demo players');
    }
    if (!existsSync(join(config.webDistDirectory, 'index.html'))) {
      logger.warn(
        { webDistDirectory: config.webDistDirectory },
        'the player app is not built (npm run build:web); serving the API only',
      );
    }

    await app.listen({ host: config.host, port: config.port });
    if (shutdownRequestedAt !== null) return;

    printWelcome(config.host, config.port, config.demoData, config.operatorEmail, {
      showOperatorPassword: config.nodeEnv !== 'production',
      operatorPassword: config.operatorPassword,
    });
  } catch (error) {
    // a start cut short by Ctrl+C fails on the stopped database: that is no failure to report
    if (shutdownRequestedAt !== null) return;
    logger.fatal({ err: error }, 'start failed');
    await cleanUp().catch((cleanupError: unknown) =>
      logger.error({ err: cleanupError }, 'clean-up after the failed start failed'),
    );
    graceful.uninstall();
    process.exitCode = 1;
  }
}

function printWelcome(
  host: string,
  port: number,
  demoData: boolean,
  operatorEmail: string,
  operator: { showOperatorPassword: boolean; operatorPassword: string },
): void {
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const lines = [
    '',
    `  Casino platform is running at http://${shownHost}:${port}`,
    `  API documentation:            http://${shownHost}:${port}/api/docs`,
    '',
  ];
  if (demoData) {
    lines.push('  Demo logins (player app):');
    for (const player of demoPlayers) {
      lines.push(
        `    ${player.email.padEnd(24)} ${player.password.padEnd(20)} ${player.description}`,
      );
    }
    lines.push('');
  }
  lines.push('  Backoffice operator (admin):');
  lines.push(
    `    ${operatorEmail.padEnd(24)} ${operator.showOperatorPassword ? operator.operatorPassword : '(OPERATOR_PASSWORD)'}`,
  );
  lines.push('');
  console.info(lines.join('\n'));
}

await main();
