/**
 * Reads that grow with history (issue 21 item 6): one player with 300,000 originals rounds,
 * 1,000,000 ledger postings, 100,000 fiat orders, 100,000 settled sport tickets (and a few
 * open ones older than all of them) and 100,000 rounds of a provider game (a bet and a win each,
 * as the provider sent them to the seamless wallet), seeded with `INSERT … SELECT generate_series` (the API
 * would take hours; the tickets without legs: a page reads each ticket's legs by one lookup, the
 * same at any depth). Each player history endpoint is timed on its
 * first page, a page deep inside (100,000 rounds in, 50,000 orders in) and its last page, the
 * deep and last ones asked for as the web asks: by the cursor of the page before when the server
 * offers one (`meta.nextCursor`), else by `offset`. Flat is a deep/first ratio near 1. The
 * deepest `offset` (100,000) is printed too: still served, and as slow as it always was.
 * The operators' lists of the same history (and of 100,001 players) page by offset under
 * numbered pages: their deep pages skip rows, but their first page must not grow with the list.
 */
import pg from 'pg';
import { encodeHistoryCursor } from '../apps/server/src/lib/history-page.ts';
import { startServerProcess } from '../apps/server/test/support/server-process.ts';
import { benchServerEnvironment, median, recreateDatabase } from './support.ts';

const rounds = 300_000;
const postings = 1_000_000;
const orders = 100_000;
const settledTickets = 100_000;
const openTickets = 5;
const providerRounds = 100_000;
/** players beside the one with the history, for the operators' player list */
const otherPlayers = 100_000;
const limit = 20;
const samples = 31;
/** the largest `offset` the history endpoints take */
const maxOffset = 100_000;

interface PageMeta {
  offset: number;
  total: number;
  nextCursor?: string | null;
}

export async function run(adminUrl: string) {
  const databaseUrl = await recreateDatabase(adminUrl, 'bench_history');
  const server = await startServerProcess(databaseUrl, {
    REGISTER_RATE_LIMIT_PER_IP: '100000',
    ...benchServerEnvironment,
    JOBS_ENABLED: 'false',
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const registered = await fetch(`${server.baseUrl}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'history@example.com', password: 'bench-password-1' }),
    });
    if (!registered.ok) throw new Error(`register failed: ${await registered.text()}`);
    const { token } = (await registered.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    // the player's seed pair (made on first ask)
    const fairness = await fetch(`${server.baseUrl}/api/v2/fairness`, { headers });
    if (!fairness.ok) throw new Error(`fairness failed: ${await fairness.text()}`);

    const started = Date.now();
    const {
      rows: [player],
    } = await client.query<{
      user_id: string;
      global_id: string;
      seed_id: string;
      client_seed: string;
    }>(
      `SELECT s.user_id, u.global_id::text, s.id AS seed_id, s.client_seed FROM fairness_seeds s
       JOIN users u ON u.id = s.user_id WHERE u.email = 'history@example.com'`,
    );
    if (!player) throw new Error('no seed pair');
    const {
      rows: [game],
    } = await client.query<{ id: string }>(
      `SELECT id FROM games WHERE engine = 'limbo' AND enabled ORDER BY id LIMIT 1`,
    );
    if (!game) throw new Error('no limbo game');
    // rounds: one a second back from now, newest nonce newest
    await client.query(
      `INSERT INTO game_rounds (user_id, game_id, seed_id, nonce, client_seed, currency, bet_minor,
         payout_minor, multiplier, rtp, params, outcome, state, created_at, settled_at)
       SELECT $1, $2, $3, g, $4, 'USD', 100, 0, 0, 0.99, '{"target": 2}',
         '{"result": 1.5}', 'settled', now() - ($5 - g) * interval '1 second',
         now() - ($5 - g) * interval '1 second'
       FROM generate_series(0, $5 - 1) g`,
      [player.user_id, game.id, player.seed_id, player.client_seed, rounds],
    );
    await client.query('UPDATE fairness_seeds SET next_nonce = $2 WHERE id = $1', [
      player.seed_id,
      rounds,
    ]);
    // postings: pairs on the player's main account that cancel out (balances stay true)
    const {
      rows: [account],
    } = await client.query<{ id: string }>(
      `INSERT INTO ledger_accounts (owner_type, user_id, currency, kind) VALUES ('player', $1, 'USD', 'main')
       ON CONFLICT DO NOTHING RETURNING id`,
      [player.user_id],
    );
    const accountId =
      account?.id ??
      (
        await client.query<{ id: string }>(
          `SELECT id FROM ledger_accounts WHERE user_id = $1 AND currency = 'USD' AND kind = 'main'`,
          [player.user_id],
        )
      ).rows[0]?.id;
    // one statement: a transaction without its postings fails the ledger's statement checks
    await client.query(
      `WITH transactions AS (
         INSERT INTO ledger_transactions (type, external_reference)
         SELECT 'bench_history', 'bench-history-' || g FROM generate_series(1, $2) g
         RETURNING id)
       INSERT INTO ledger_postings (transaction_id, account_id, currency, amount_minor)
       SELECT t.id, $1, 'USD', s.amount
       FROM transactions t CROSS JOIN (VALUES (100), (-100)) s(amount)`,
      [accountId, postings / 2],
    );
    await client.query(
      `INSERT INTO fiat_orders (user_id, type, status, method_id, currency, amount_minor,
         expires_at, created_at, updated_at)
       SELECT $1, 'buy', 'declined', 'visa-mastercard-usd', 'USD', 10000,
         now() - ($2 - g) * interval '1 minute', now() - ($2 - g) * interval '1 minute', now()
       FROM generate_series(0, $2 - 1) g`,
      [player.user_id, orders],
    );
    // settled tickets one a minute back from now; the open ones placed before all of them (the
    // open list must not read the settled history to find them)
    await client.query(
      `INSERT INTO sport_tickets (user_id, type, folds, lines, status, odds_change, currency,
         stake_minor, placed_stake_minor, potential_payout_minor, payout_minor, odds, live,
         placed_at, decided_at, settled_at)
       SELECT $1, 'single', '{1}', 1, CASE WHEN g < $3::int THEN 'accepted' ELSE 'lost' END,
         'any', 'USD', 100, 100, 210, CASE WHEN g < $3::int THEN NULL ELSE 0 END, 2.10, false, t,
         t, CASE WHEN g < $3::int THEN NULL ELSE t END
       FROM generate_series(0, $2::int + $3::int - 1) g,
         LATERAL (SELECT CASE WHEN g < $3::int
           THEN now() - interval '200 days' - g * interval '1 minute'
           ELSE now() - ($2::int + $3::int - g) * interval '1 minute' END AS t) placed`,
      [player.user_id, settledTickets, openTickets],
    );
    // a provider's game (a catalog game mapped to the provider's code) and the player's rounds of
    // it, a bet and a win each, one round a minute back from now
    const {
      rows: [providerGame],
    } = await client.query<{ id: string }>(
      `SELECT id FROM games WHERE id <> $1 AND id NOT IN (SELECT game_id FROM seamless_games)
       ORDER BY id LIMIT 1`,
      [game.id],
    );
    if (!providerGame) throw new Error('no game to map to a provider');
    await client.query(
      `INSERT INTO seamless_providers (id, name, signature_scheme, hmac_secret, our_public_key,
         our_private_key, currencies, session_ttl_seconds)
       VALUES ('bench-history', 'Bench history', 'hmac_sha256', repeat('s', 32), 'unused',
         'unused', '{USD}', 3600)`,
    );
    await client.query(
      `INSERT INTO seamless_games (game_id, provider_id, game_code)
       VALUES ($1, 'bench-history', 'bench-game')`,
      [providerGame.id],
    );
    await client.query(
      `INSERT INTO seamless_transactions (provider_id, transaction_uuid, kind, state, user_id,
         currency, amount, amount_minor, round, game_code, response, created_at, updated_at)
       SELECT 'bench-history', 'bench-' || kind || '-' || g, kind, 'applied', $1, 'USD',
         CASE kind WHEN 'bet' THEN 100000 ELSE 150000 END,
         CASE kind WHEN 'bet' THEN 100 ELSE 150 END, 'round-' || g, 'bench-game', '{}',
         now() - ($2::int - g) * interval '1 minute' + CASE kind WHEN 'win' THEN interval '5 seconds' ELSE interval '0' END,
         now()
       FROM generate_series(0, $2::int - 1) g CROSS JOIN (VALUES ('bet'), ('win')) k(kind)`,
      [player.user_id, providerRounds],
    );
    // other players, registered one a minute back from now
    await client.query(
      `INSERT INTO users (email, password_hash, created_at)
       SELECT 'bench-player-' || g || '@example.com', 'not-a-hash', now() - g * interval '1 minute'
       FROM generate_series(1, $1::int) g`,
      [otherPlayers],
    );
    // the steady state autovacuum keeps: statistics and visibility map (index-only counts)
    await client.query('VACUUM ANALYZE');
    console.info(
      `  seeded ${rounds} rounds, ${postings} postings, ${orders} orders, ${settledTickets + openTickets} sport tickets, ${providerRounds} provider rounds, ${otherPlayers} other players in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );

    async function get(
      path: string,
      as: Record<string, string> = headers,
    ): Promise<{ meta: PageMeta; items: unknown[] }> {
      const response = await fetch(`${server.baseUrl}${path}`, { headers: as });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { meta: PageMeta; items: unknown[] };
    }
    async function time(path: string, as: Record<string, string> = headers): Promise<number> {
      const times: number[] = [];
      for (let sample = 0; sample < samples; sample += 1) {
        const start = performance.now();
        await get(path, as);
        times.push(performance.now() - start);
      }
      return median(times);
    }
    /** null when the server does not serve the path (code without cursors past offset 100,000) */
    async function timeIfServed(
      path: string,
      as: Record<string, string> = headers,
    ): Promise<number | null> {
      const response = await fetch(`${server.baseUrl}${path}`, { headers: as });
      await response.arrayBuffer();
      return response.ok ? await time(path, as) : null;
    }
    /**
     * The path of the page that starts at `position`, as a client reaches it: the cursor the
     * page before it answered. Past the largest offset the API takes (100,000) a client gets
     * there only by walking the cursors; the bench builds the cursor that walk would end on
     * from the entry before the page (`keyBefore`), as the server encodes it.
     */
    async function pageAt(
      base: string,
      position: number,
      keyBefore: (index: number) => Promise<string[]>,
      as: Record<string, string> = headers,
    ): Promise<string> {
      const separator = base.includes('?') ? '&' : '?';
      if (position - limit > maxOffset) {
        const cursor = encodeHistoryCursor({
          offset: position,
          key: await keyBefore(position - 1),
        });
        return `${base}${separator}limit=${limit}&cursor=${cursor}`;
      }
      const before = await get(`${base}${separator}limit=${limit}&offset=${position - limit}`, as);
      return before.meta.nextCursor
        ? `${base}${separator}limit=${limit}&cursor=${before.meta.nextCursor}`
        : `${base}${separator}limit=${limit}&offset=${position}`;
    }
    const instant = (column: string) =>
      `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
    /**
     * The key of a list's entry at `index` (0 newest), as its cursor carries it: `select` names
     * the key's columns in order, from the player's rows (`$1`) in the list's order.
     */
    const keyAt =
      (what: string, select: string, values: unknown[] = []) =>
      async (index: number): Promise<string[]> => {
        const { rows } = await client.query<Record<string, string>>(
          `${select} OFFSET $${values.length + 2} LIMIT 1`,
          [player.user_id, ...values, index],
        );
        const row = rows[0];
        if (!row) throw new Error(`no ${what} there`);
        return Object.values(row);
      };
    const roundKey = keyAt(
      'round',
      `SELECT ${instant('created_at')} AS at, nonce::text, id FROM game_rounds
       WHERE user_id = $1 AND game_id = $2 ORDER BY created_at DESC, nonce DESC, id DESC`,
      [game.id],
    );
    const orderKey = keyAt(
      'order',
      `SELECT ${instant('created_at')} AS at, id FROM fiat_orders
       WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
    );
    const ticketKey = keyAt(
      'ticket',
      `SELECT ${instant('placed_at')} AS at, id FROM sport_tickets
       WHERE user_id = $1 AND status NOT IN ('pending', 'accepted') ORDER BY placed_at DESC, id DESC`,
    );
    const providerRoundKey = keyAt(
      'provider round',
      `SELECT ${instant('created_at')} AS at, id::text FROM seamless_transactions
       WHERE user_id = $1 AND kind = 'bet' ORDER BY created_at DESC, id DESC`,
    );

    const noKey = async (): Promise<string[]> => {
      throw new Error('an offset list has no cursor');
    };
    const signedIn = await fetch(`${server.baseUrl}/api/backoffice/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'admin@casino.local',
        password: benchServerEnvironment.OPERATOR_PASSWORD,
      }),
    });
    if (!signedIn.ok) throw new Error(`operator login failed: ${await signedIn.text()}`);
    const operatorHeaders = {
      authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}`,
    };

    const endpoints = [
      {
        name: 'originals rounds',
        base: `/api/v2/games/${game.id}/rounds`,
        size: rounds,
        deep: 100_000,
        keyBefore: roundKey,
      },
      {
        name: 'wallet history',
        base: '/api/v2/wallet/txns?is_pagination=true',
        size: orders,
        deep: 50_000,
        keyBefore: orderKey,
      },
      {
        name: 'settled sport tickets',
        base: '/api/v2/sport/bets?status=settled',
        size: settledTickets,
        deep: 50_000,
        keyBefore: ticketKey,
      },
      {
        name: 'provider game rounds',
        base: `/api/v2/games/${providerGame.id}/provider-rounds`,
        size: providerRounds,
        deep: 50_000,
        keyBefore: providerRoundKey,
      },
      // the operators' lists page by offset (numbered pages); what must not grow is the count
      ...[
        {
          name: 'back office: players',
          base: '/api/backoffice/v1/players',
          size: otherPlayers + 1,
        },
        {
          name: "back office: a player's orders",
          base: `/api/backoffice/v1/players/${player.global_id}/orders`,
          size: orders,
        },
        {
          name: "back office: a player's sport tickets",
          base: `/api/backoffice/v1/players/${player.global_id}/sport-tickets`,
          size: settledTickets + openTickets,
        },
      ].map((list) => ({ ...list, deep: 50_000, keyBefore: noKey, as: operatorHeaders })),
    ];
    for (const endpoint of endpoints) {
      const separator = endpoint.base.includes('?') ? '&' : '?';
      const firstPath = `${endpoint.base}${separator}limit=${limit}`;
      const as = 'as' in endpoint ? endpoint.as : headers;
      const deepPath = await pageAt(endpoint.base, endpoint.deep, endpoint.keyBefore, as);
      const lastPath = await pageAt(endpoint.base, endpoint.size - limit, endpoint.keyBefore, as);
      const deepOffsetPath = `${endpoint.base}${separator}limit=${limit}&offset=${maxOffset}`;
      const byCursor = deepPath.includes('cursor=');
      const first = await time(firstPath, as);
      const deepMs = await timeIfServed(deepPath, as);
      const last = await timeIfServed(lastPath, as);
      const deepOffset = await time(deepOffsetPath, as);
      const ms = (value: number | null) =>
        value === null ? 'not served' : `${value.toFixed(1)} ms`;
      const ratio = (value: number | null) => (value === null ? 'n/a' : (value / first).toFixed(2));
      console.info(
        `${endpoint.name} (${endpoint.size} entries, pages of ${limit}, median of ${samples}): first ${first.toFixed(1)} ms | page at ${endpoint.deep} ${ms(deepMs)} (${byCursor ? 'cursor' : 'offset'}) | last ${ms(last)} | deep/first ${ratio(deepMs)}, last/first ${ratio(last)} | offset=${maxOffset} ${deepOffset.toFixed(1)} ms`,
      );
    }
    // the open list: its few tickets are older than the whole settled history
    const openFirst = await time(`/api/v2/sport/bets?status=open&limit=${limit}`);
    const settledFirst = await time(`/api/v2/sport/bets?status=settled&limit=${limit}`);
    console.info(
      `open sport tickets (${openTickets}, placed before the ${settledTickets} settled, median of ${samples}): ${openFirst.toFixed(1)} ms | settled first page ${settledFirst.toFixed(1)} ms | open/settled ${(openFirst / settledFirst).toFixed(2)}`,
    );
  } finally {
    await client.end();
    await server.stop();
  }
}
