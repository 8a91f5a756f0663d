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

/** Owns the process: configuration, database server, listening, and graceful shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const cleanups: Array<() => Promise<void>> = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    cleanups.length = 0;
  };

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
      });
      cleanups.push(embedded.stop);
      databaseUrl = embedded.databaseUrl;
      logger.info({ port: config.embeddedPostgresPort }, 'embedded PostgreSQL is running');
    }

    await runMigrations(databaseUrl, { log: (message) => logger.info(message) });

    const db = createDatabase({
      connectionString: databaseUrl,
      maxConnections: config.databasePoolSize,
      onIdleConnectionError: (error) =>
        logger.warn({ err: error }, 'idle database connection failed'),
    });
    cleanups.push(() => db.destroy());

    const app = await buildApp({ config, db, databaseUrl, logger });
    cleanups.push(() => app.close());

    await bootstrapPlatform(app.services, config);
    if (config.demoData) {
      const created = await insertDemoData(db, app.services, {
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

    closeWithGrace({ delay: 15_000, logger }, async ({ signal, err }) => {
      if (err) logger.error({ err }, 'shutting down after an unexpected error');
      else logger.info({ signal }, 'shutting down');
      await cleanUp();
      logger.info('stopped');
    });

    printWelcome(config.host, config.port, config.demoData, config.operatorEmail, {
      showOperatorPassword: config.nodeEnv !== 'production',
      operatorPassword: config.operatorPassword,
    });
  } catch (error) {
    logger.fatal({ err: error }, 'start failed');
    await cleanUp().catch((cleanupError: unknown) =>
      logger.error({ err: cleanupError }, 'clean-up after the failed start failed'),
    );
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
