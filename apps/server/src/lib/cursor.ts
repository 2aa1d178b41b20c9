import type { FastifyReply } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  CURSOR_MAX_LENGTH,
  NEXT_CURSOR_HEADER,
  PAGE_LIMITS,
  PAGING_MESSAGES,
  type TPagedList,
} from '@holdfast/contracts';
import { appError } from './errors.js';

/**
 * Keyset cursors: the sort keys of the last row a page showed, as opaque base64url. A list sorted by
 * (created_at DESC, id DESC) continues with `(created_at, id) < (cursor.at, cursor.id)`, an index range
 * scan whose cost does not grow with the history before it (OFFSET would read and discard every
 * skipped row). `at` is PostgreSQL's own microsecond text (see CURSOR_AT_SQL): a JavaScript Date keeps
 * only milliseconds, and rounding would skip or repeat rows created within the same millisecond.
 */
export interface Cursor {
  at: string;
  id: string;
}

/** `to_char` format for a timestamptz column, to the microsecond, in UTC. */
export const CURSOR_AT_FORMAT = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
/** The shapes of the id half of a cursor: a row's uuid, or for postings `<account uuid>:<version>`. */
export const CURSOR_IDS = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  accountVersion: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:\d{1,9}$/i,
  /** Queues by priority (disputes, the support console): `<priority rank>:<uuid>`. */
  rankUuid: /^[0-3]:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  /** The live chat queue: `<1 awaiting a reply | 0>:<user id>` (account ids are text). */
  flagText: /^[01]:[A-Za-z0-9_-]{1,100}$/,
} as const;

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');
}

/**
 * The shapes of the first half of a cursor: a timestamp (CURSOR_AT_FORMAT), or for a list sorted by
 * amount the row's minor units (a bigint's digits), so a cursor of one order is refused by another.
 */
const CURSOR_KEYS = { at: AT, minorUnits: /^\d{1,19}$/ } as const;

/** The cursor's keys, or 400 INVALID_CURSOR when it is not one this server issued in this shape. */
export function decodeCursor(
  raw: string,
  idKind: keyof typeof CURSOR_IDS = 'uuid',
  keyKind: keyof typeof CURSOR_KEYS = 'at',
): Cursor {
  let parsed: unknown;
  try {
    if (raw.length > CURSOR_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(raw)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalidCursor();
  const [at, id] = parsed as unknown[];
  const idOk = typeof id === 'string' && CURSOR_IDS[idKind].test(id);
  if (typeof at !== 'string' || !CURSOR_KEYS[keyKind].test(at) || !idOk) throw invalidCursor();
  if (keyKind === 'at' && Number.isNaN(Date.parse(at))) throw invalidCursor();
  return { at, id };
}

const invalidCursor = () => appError('INVALID_CURSOR', PAGING_MESSAGES.invalidCursor);

/** A page of rows plus the cursor for the next one (null on the last page). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * Rows fetched with LIMIT n+1: the extra row only says that there is more. The cursor is taken from the
 * last row shown, by `keysOf`.
 */
export function toPage<R, T>(rows: R[], limit: number, keysOf: (r: R) => Cursor, map: (r: R) => T): Page<T> {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    items: shown.map(map),
    nextCursor: rows.length > limit && last ? encodeCursor(keysOf(last)) : null,
  };
}

/** The OpenAPI description of a paged list's parameters and header. */
export function pagedListDescription(list: TPagedList): string {
  const { default: dflt, max } = PAGE_LIMITS[list];
  return (
    `A page at a time: without parameters the first ${dflt}. When there are more, the \`${NEXT_CURSOR_HEADER}\` ` +
    'response header carries a cursor: pass it as `?cursor=` for the next page (the header is absent on the ' +
    `last page). \`limit\` is 1 to ${max}. A cursor this server did not issue: 400 INVALID_CURSOR.`
  );
}

/** The OpenAPI description of a message thread paged back in time (newest page first, each oldest first). */
export function historyListDescription(list: TPagedList): string {
  return (
    `A page at a time going back: when there are older messages, the \`${NEXT_CURSOR_HEADER}\` response header ` +
    'carries a cursor; `?cursor=` answers the ones before (oldest first again; the header absent at the ' +
    `beginning). \`limit\` is 1 to ${PAGE_LIMITS[list].max}. A cursor this server did not issue: 400 INVALID_CURSOR.`
  );
}

/** Sends the next cursor in the X-Next-Cursor header (none on the last page) and answers the array. */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  setNextCursor(reply, page.nextCursor);
  return page.items;
}

/** The X-Next-Cursor header of a page's answer, when there is a next page. */
export function setNextCursor(reply: FastifyReply, nextCursor: string | null) {
  if (!nextCursor) return;
  void reply.header(NEXT_CURSOR_HEADER, nextCursor);
  void reply.header('Access-Control-Expose-Headers', NEXT_CURSOR_HEADER);
}

/**
 * The ids of the newest `n` rows of `table` over several ranges (say a person as buyer and as seller),
 * newest first by (created_at, id): each range is read LIMIT n on its own, in the order an index on
 * (party, created_at, id) gives, then merged and cut to n. An OR of the ranges would read every row of
 * each and sort them. For `id = any(array(...))`, so the join starts from these rows whatever the planner
 * makes of the table's size.
 */
export function newestIds(table: PgTable, ranges: SQL[], n: number): SQL {
  const scans = ranges.map(
    (where) => sql`(select id, created_at from ${table} where ${where} order by created_at desc, id desc limit ${n})`,
  );
  return sql`select id from (${sql.join(scans, sql` union all `)}) r order by created_at desc, id desc limit ${n}`;
}
