import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OperatorRole } from '@casino/contract';
import type { FastifyBaseLogger, RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { inject } from 'vitest';
import { type App, buildApp } from '../../src/app.ts';
import { type Config, parseConfig } from '../../src/config.ts';
import { bootstrapPlatform } from '../../src/db/bootstrap.ts';
import { createDatabase, type Database } from '../../src/db/database.ts';
import { insertDemoData } from '../../src/db/demo-data.ts';
import type { Clock } from '../../src/lib/clock.ts';
import { createDatabaseFromTemplate } from './postgres.ts';

export interface TestApp {
  app: App;
  db: Kysely<Database>;
  databaseUrl: string;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  clock?: Clock;
  /** insert the demo players as `npm start` does */
  demoData?: boolean;
  /** a logger to inspect; silent when omitted */
  logger?: FastifyBaseLogger;
  /** add routes or hooks before the app is ready */
  configure?: (app: App) => void;
  /** write to the migrated database before the app is built (what an older release left) */
  prepareDatabase?: (db: Kysely<Database>) => Promise<void>;
  /** the live odds' coalescing windows (long ones let a test flush by hand) */
  sportLiveWindows?: { eventMs: number; sportMs: number };
  /** told of every route the app registers (`buildApp`'s `onRoute`) */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * The configuration tests start from: generous rate limits and password-work admission (tests
 * sign many players up at once) and no player app on disk.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const parsed = parseConfig({
    NODE_ENV: 'test',
    WEB_DIST_DIR: join(tmpdir(), `casino-no-web-app-${randomUUID()}`),
    BACKOFFICE_DIST_DIR: join(tmpdir(), `casino-no-backoffice-${randomUUID()}`),
    // receipts the tests upload stay out of the checkout's ./.data, which `npm start` uses
    DATA_DIR: join(tmpdir(), 'casino-test-data'),
    LOGIN_RATE_LIMIT_PER_IP: '10000',
    LOGIN_RATE_LIMIT_PER_ACCOUNT: '10000',
    REGISTER_RATE_LIMIT_PER_IP: '10000',
    PASSWORD_HASHING_QUEUE: '10000',
  });
  if (!parsed.success) throw new Error(parsed.problems.join('\n'));
  return { ...parsed.config, ...overrides };
}

/** A clock the test moves by hand. */
export function manualClock(start = new Date()): Clock & { advance(milliseconds: number): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(milliseconds) {
      current += milliseconds;
    },
  };
}

/** The app on its own freshly cloned, migrated database. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createDatabaseFromTemplate(inject('adminDatabaseUrl'));
  const config = testConfig(options.config);
  const db = createDatabase({ connectionString: database.url, maxConnections: 5 });
  await options.prepareDatabase?.(db);
  const app = await buildApp({
    config,
    db,
    databaseUrl: database.url,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.sportLiveWindows ? { sportLiveWindows: options.sportLiveWindows } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    // Cheap hashing keeps the suite fast; production uses productionPasswordHashing.
    passwordHashing: { memoryCost: 4096, timeCost: 2, parallelism: 1 },
  });
  options.configure?.(app);
  await bootstrapPlatform(app.services, config);
  if (options.demoData) await insertDemoData(app.services);
  await app.ready();
  return {
    app,
    db,
    databaseUrl: database.url,
    config,
    close: async () => {
      await app.close();
      await db.destroy();
      await database.drop();
    },
  };
}

export interface SignedIn {
  token: string;
  /** `name=value`, ready for a Cookie header */
  cookie: string;
}

export interface RegisteredPlayer extends SignedIn {
  email: string;
  password: string;
}

function sessionFrom(
  response: { json(): unknown; cookies: Array<{ name: string; value: string }> },
  cookieName: string,
): SignedIn {
  const { token } = response.json() as { token: string };
  const cookie = response.cookies.find((candidate) => candidate.name === cookieName);
  if (!cookie) throw new Error(`no ${cookieName} cookie was set`);
  return { token, cookie: `${cookie.name}=${cookie.value}` };
}

export function uniqueEmail(prefix = 'player'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export async function registerPlayer(
  app: App,
  email = uniqueEmail(),
  password = 'correct horse battery',
): Promise<RegisteredPlayer> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { email, password },
  });
  if (response.statusCode !== 201) {
    throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  }
  return { ...sessionFrom(response, 'session'), email: email.toLowerCase(), password };
}

export async function loginPlayer(app: App, email: string, password: string): Promise<SignedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  }
  return sessionFrom(response, 'session');
}

/** Signs in the configured first operator (admin), or the given one. */
export async function loginOperator(
  app: App,
  credentials?: { email: string; password: string },
  config?: Config,
): Promise<SignedIn> {
  const { email, password } = credentials ?? {
    email: (config ?? testConfig()).operatorEmail,
    password: (config ?? testConfig()).operatorPassword,
  };
  const response = await app.inject({
    method: 'POST',
    url: '/api/backoffice/v1/auth/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`operator login failed: ${response.statusCode} ${response.body}`);
  }
  return sessionFrom(response, 'operator_session');
}

/** Creates an operator with the role (or roles) and signs it in. */
export async function createOperator(
  app: App,
  role: OperatorRole | OperatorRole[],
): Promise<SignedIn> {
  const roles = [role].flat();
  const name = roles.join('-');
  const credentials = { email: uniqueEmail(name), password: `${name}-password-2026` };
  await app.services.operators.ensureOperator({ ...credentials, roles });
  return await loginOperator(app, credentials);
}

/** The id of a registered player's user row. */
export async function userIdOf(testApp: TestApp, player: { email: string }): Promise<string> {
  const row = await testApp.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', player.email)
    .executeTakeFirstOrThrow();
  return row.id;
}

export function bearer(session: Pick<SignedIn, 'token'>): { authorization: string } {
  return { authorization: `Bearer ${session.token}` };
}
