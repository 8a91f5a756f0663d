import {
  type HistoryPageMeta,
  historyCountCap,
  isUuid,
  type OffsetPageMeta,
} from '@casino/contract';
import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { DatabaseExecutor } from '../db/database.ts';
import { AppError } from './app-error.ts';

/**
 * Keyset pages of a newest-first history (issue 21 item 6; the contract's pagination.ts). A
 * list sorts by a key of columns, all descending (an instant first, then tie-breakers ending in
 * a unique one); a page after a cursor is the rows whose key is below the cursor's, which a
 * composite index on (owner, key…) finds without reading the rows before it. The cursor also
 * carries the page's position, so `meta.offset` stays what it always was.
 */

/** How a key column travels in a cursor (text) and comes back into SQL. */
export type HistoryKeyPart = 'instant' | 'uuid' | 'integer';

export interface HistoryPosition {
  /** how many entries came before the page that starts here */
  offset: number;
  /** the key of the last entry before it, in text form, one value per key part */
  key: string[];
}

const instantText = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
const integerText = /^\d{1,19}$/;

function invalidCursor(): AppError {
  return new AppError('validation_error', {
    payload: { fields: [{ field: 'cursor', message: 'Validation.invalid_value' }] },
  });
}

export function encodeHistoryCursor(position: HistoryPosition): string {
  return Buffer.from(JSON.stringify([position.offset, ...position.key])).toString('base64url');
}

/** The position a cursor names; a cursor not made for this list's key is a validation error. */
export function decodeHistoryCursor(
  cursor: string,
  parts: readonly HistoryKeyPart[],
): HistoryPosition {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(decoded) || decoded.length !== parts.length + 1) throw invalidCursor();
  const [offset, ...key] = decoded as unknown[];
  if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0) {
    throw invalidCursor();
  }
  const valid = key.every((value, index) => {
    if (typeof value !== 'string') return false;
    const part = parts[index];
    if (part === 'instant') return instantText.test(value);
    if (part === 'uuid') return isUuid(value);
    return integerText.test(value);
  });
  if (!valid) throw invalidCursor();
  return { offset, key: key as string[] };
}

/** The key of lists sorted by (created_at, id), newest first. */
export const createdKeyParts = ['instant', 'uuid'] as const;

/** Where a page of a (created_at, id) list starts: the cursor's position, else the offset. */
export function createdPageStart(page: { offset: number; cursor?: string | undefined }): {
  offset: number;
  position: HistoryPosition | null;
} {
  const position =
    page.cursor === undefined ? null : decodeHistoryCursor(page.cursor, createdKeyParts);
  return { offset: position ? position.offset : page.offset, position };
}

/** A timestamptz column as a cursor keeps it: UTC to the microsecond (exact, sorts as text). */
export function historyInstant(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
}

function keyValue(part: HistoryKeyPart, value: string): RawBuilder<unknown> {
  if (part === 'instant') return sql`(${value}::timestamp AT TIME ZONE 'UTC')`;
  if (part === 'uuid') return sql`${value}::uuid`;
  return sql`${value}::bigint`;
}

/**
 * `(columns…) < (the position's key…)`: the rows after the position, newest first (`asc`: `>`,
 * oldest first).
 */
export function afterPosition(
  columns: readonly string[],
  parts: readonly HistoryKeyPart[],
  position: HistoryPosition,
  order: 'asc' | 'desc' = 'desc',
): RawBuilder<boolean> {
  const left = sql.join(columns.map((column) => sql.ref(column)));
  const right = sql.join(parts.map((part, index) => keyValue(part, position.key[index] ?? '')));
  return order === 'asc'
    ? sql<boolean>`(${left}) > (${right})`
    : sql<boolean>`(${left}) < (${right})`;
}

/**
 * How many rows `rows` (already filtered to those from the page's start on) holds, counted up to
 * `upTo` (one past the cap): constant work however long the history.
 */
export async function cappedCount(
  executor: DatabaseExecutor,
  // biome-ignore lint/suspicious/noExplicitAny: any table's filtered rows
  rows: SelectQueryBuilder<any, any, any>,
  upTo = historyCountCap + 1,
): Promise<number> {
  const { counted } = await executor
    .selectFrom(rows.clearSelect().select(sql<number>`1`.as('one')).limit(upTo).as('capped'))
    .select((eb) => eb.fn.countAll<string>().as('counted'))
    .executeTakeFirstOrThrow();
  return Number(counted);
}

/**
 * `cappedCount` for a list written in SQL: `fromPageStart` is the list's FROM and WHERE, from the
 * page's start except for `skip` rows of an offset; after a cursor, with the page's ORDER BY too
 * (a prepared statement's generic plan otherwise may read the whole table to count a few rows).
 * Answers `historyMeta`'s `counted`: below zero for an offset past the end.
 */
export async function cappedSqlCount(
  executor: DatabaseExecutor,
  fromPageStart: RawBuilder<unknown>,
  skip: number,
): Promise<number> {
  const { rows } = await sql<{ counted: string }>`
    SELECT count(*) AS counted FROM (
      SELECT 1 ${fromPageStart} LIMIT ${skip + historyCountCap + 1}) capped`.execute(executor);
  return Number(rows[0]?.counted ?? 0) - skip;
}

/**
 * The page's meta. `counted` is cappedCount from the page's start (the page's rows included;
 * negative for an offset past the end: total is then what there is); `lastKey` is the key of the
 * page's last row, for the next cursor.
 */
export function historyMeta(input: {
  offset: number;
  limit: number;
  counted: number;
  rows: number;
  lastKey: string[] | null;
}): HistoryPageMeta {
  const more = input.counted > input.rows && input.lastKey !== null;
  return {
    ...offsetPageMeta(input, input.counted),
    nextCursor:
      more && input.lastKey
        ? encodeHistoryCursor({ offset: input.offset + input.rows, key: input.lastKey })
        : null,
  };
}

/**
 * The meta of a page ordered by (created_at, id) (`createdPageStart`'s lists): the rows carry
 * their `cursor_at` (`historyInstant`) and id.
 */
export function createdPageMeta(
  start: { offset: number },
  limit: number,
  counted: number,
  rows: ReadonlyArray<{ cursor_at: string; id: string }>,
): HistoryPageMeta {
  const last = rows.at(-1);
  return historyMeta({
    offset: start.offset,
    limit,
    counted,
    rows: rows.length,
    lastKey: last ? [last.cursor_at, last.id] : null,
  });
}

/** `historyMeta` without a cursor: `counted` from the page's start, as there. */
export function offsetPageMeta(
  page: { offset: number; limit: number },
  counted: number,
): OffsetPageMeta {
  return {
    offset: page.offset,
    limit: page.limit,
    total: page.offset + Math.min(counted, historyCountCap),
    totalCapped: counted > historyCountCap,
  };
}

/** What `offsetPage`'s `rows` answers: a query still to be limited and offset. */
interface PageQuery<Row> {
  limit(limit: number): { offset(offset: number): { execute(): Promise<Row[]> } };
}

/**
 * A page of a list paged by offset alone (the operators' numbered pages) and its meta: `base` is
 * the list's FROM and WHERE, `rows` adds its columns, joins and order. The rows from the page's
 * start on are counted up to `historyCountCap` more (`cappedCount`, skipping the offset's rows
 * as the page does), never the whole list.
 */
// biome-ignore lint/suspicious/noExplicitAny: any table's filtered rows
export async function offsetPage<Base extends SelectQueryBuilder<any, any, any>, Row>(
  executor: DatabaseExecutor,
  base: Base,
  rows: (query: Base) => PageQuery<Row>,
  page: { limit: number; offset: number },
): Promise<{ rows: Row[]; meta: OffsetPageMeta }> {
  const [found, meta] = await Promise.all([
    rows(base).limit(page.limit).offset(page.offset).execute(),
    offsetPageCount(executor, base, page),
  ]);
  return { rows: found, meta };
}

/** `offsetPage`'s meta alone, for a page its caller reads in its own way. */
export async function offsetPageCount(
  executor: DatabaseExecutor,
  // biome-ignore lint/suspicious/noExplicitAny: any table's filtered rows
  base: SelectQueryBuilder<any, any, any>,
  page: { limit: number; offset: number },
): Promise<OffsetPageMeta> {
  const counted = await cappedCount(executor, base, page.offset + historyCountCap + 1);
  return offsetPageMeta(page, counted - page.offset);
}
