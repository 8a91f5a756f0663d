import { test as base, expect, type Request } from '@playwright/test';
import pg from 'pg';
import { recreateDatabase } from '../../apps/server/test/support/postgres.ts';
import { startServerProcess } from '../../apps/server/test/support/server-process.ts';

export interface RunningApp {
  baseUrl: string;
  /** JSON call against the running app's API; throws on a non-2xx status */
  api: <T = unknown>(
    path: string,
    init?: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> },
  ) => Promise<T>;
  operatorToken: () => Promise<string>;
  /** the server's own output so far (warnings and errors: it runs at LOG_LEVEL=warn) */
  serverLog: () => string;
  /**
   * One statement on the app's database (its rows), for what the browser cannot drive: time (a
   * play session seeded into the past), or an independent check (a sum over the ledger). Not for
   * what the API can do.
   */
  sql: <Row = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<Row[]>;
}

export const demo = {
  player: { email: 'demo@casino.local', password: 'demo-player-2026' },
  vip: { email: 'vip@casino.local', password: 'demo-vip-2026' },
  banned: { email: 'banned@casino.local', password: 'demo-banned-2026' },
  operator: { email: 'admin@casino.local', password: 'operator-demo-2026' },
} as const;

/**
 * Starts the built app (apps/web/dist served by the real server) on a free port, on a fresh
 * database of the run's PostgreSQL: the server migrates it and inserts the demo data itself,
 * exactly as `npm start` does.
 */
export async function startApp(extraEnv: Record<string, string> = {}) {
  const adminUrl = process.env.E2E_ADMIN_DATABASE_URL;
  if (!adminUrl) throw new Error('E2E_ADMIN_DATABASE_URL is not set (global setup did not run)');
  const databaseName = `e2e_${process.pid}_${Date.now().toString(36)}`;
  const databaseUrl = await recreateDatabase(adminUrl, databaseName);
  // Every spec registers and signs in its own players from one address, on the one server of its
  // worker: the per-IP sign-up and sign-in limits are production guards, not something these
  // tests exercise (rate-limits.int.test.ts does); at 20 sign-ins a minute a fast run of the
  // specs would meet them. Background jobs run as in production (a tournament's end pays its
  // winners through one).
  const server = await startServerProcess(databaseUrl, {
    TRUST_PROXY: 'true',
    REGISTER_RATE_LIMIT_PER_IP: '1000',
    LOGIN_RATE_LIMIT_PER_IP: '1000',
    JOBS_ENABLED: 'true',
    ...extraEnv,
  });
  const baseUrl = server.baseUrl;

  const api: RunningApp['api'] = async (path, init = {}) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as never;
  };
  let cachedOperatorToken: string | undefined;
  const operatorToken = async () => {
    cachedOperatorToken ??= (
      await api<{ token: string }>('/api/backoffice/v1/auth/login', { body: demo.operator })
    ).token;
    return cachedOperatorToken;
  };

  const sql: RunningApp['sql'] = async <Row>(text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as Row[];
    } finally {
      await client.end();
    }
  };

  return {
    app: { baseUrl, api, operatorToken, serverLog: server.output, sql } satisfies RunningApp,
    stop: server.stop,
  };
}

/**
 * `app` is one running server per worker; `baseURL` points the page at it. When a test fails,
 * the calls its page saw refused or failing and the server's warnings and errors of that test
 * are printed with it, so a failure on a busy CI machine says what the server answered.
 */
export const test = base.extend<{ baseURL: string; failureReport: undefined }, { app: RunningApp }>(
  {
    app: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
      async ({}, use) => {
        const running = await startApp();
        await use(running.app);
        await running.stop();
      },
      { scope: 'worker', timeout: 90_000 },
    ],
    baseURL: async ({ app }, use) => {
      await use(app.baseUrl);
    },
    failureReport: [
      async ({ page, app }, use, testInfo) => {
        const refused: string[] = [];
        page.on('response', (response) => {
          if (response.status() >= 400) {
            refused.push(`${response.status()} ${response.request().method()} ${response.url()}`);
          }
        });
        // the API calls still unanswered when the test fails (a stalled sign-in said nothing)
        const pending = new Map<Request, number>();
        page.on('request', (request) => {
          if (new URL(request.url()).pathname.startsWith('/api/')) pending.set(request, Date.now());
        });
        page.on('requestfinished', (request) => pending.delete(request));
        page.on('requestfailed', (request) => {
          pending.delete(request);
          refused.push(
            `failed ${request.method()} ${request.url()}: ${request.failure()?.errorText}`,
          );
        });
        const logBefore = app.serverLog();
        await use(undefined);
        if (testInfo.status === testInfo.expectedStatus) return;
        const log = app.serverLog();
        const serverLog = log.startsWith(logBefore) ? log.slice(logBefore.length) : log;
        console.error(
          [
            `— ${testInfo.title}: calls refused or failed —`,
            refused.join('\n') || '(none)',
            '— API calls unanswered when it failed —',
            [...pending]
              .map(
                ([request, at]) => `${request.method()} ${request.url()} (${Date.now() - at} ms)`,
              )
              .join('\n') || '(none)',
            '— server warnings and errors during the test —',
            serverLog.trim() || '(none)',
          ].join('\n'),
        );
      },
      { auto: true },
    ],
  },
);

export { expect };

let counter = 0;
export function uniqueEmail(prefix = 'player'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}
