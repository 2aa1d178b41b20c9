import type { TTransactionListQuery } from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { runStatement, statement } from '../../db/statements.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { sellerEmailOf } from './transactions.rules.js';

/**
 * First pages of GET /api/transactions kept in memory, as the JSON text sent, and answered again while
 * the caller's list is unchanged. "Unchanged" is asked of the database on every call (one index read of
 * `list_versions`, migration 0012): a trigger raises a key's version in the same database transaction
 * as every change a page could show — a transaction row of the caller as buyer (`b:<id>`) or as seller
 * (`s:<email>`), or any party's name, email or verification (`*`) — whichever code or SQL makes it.
 * So an answer is never older than what the database has committed, on any number of instances, and
 * nothing has to tell the cache (decision 015).
 *
 * The version is read before the page is built: a change committed in between is in the page but not in
 * the version it is stored under, so the next call misses and rebuilds. A page is never older than its
 * version, and is answered only while the version is still the current one.
 */
export interface CachedPage {
  /** The JSON array as the route's serializer wrote it. */
  body: string;
  nextCursor: string | null;
  /** When the clock alone changes the page (an allowed action opens): answered again only before then. */
  staleAt?: Date | null;
}

const VERSION = statement(
  'list_version',
  `select coalesce((select version from list_versions where key = $1), 0)::text || '.' ||
          coalesce((select version from list_versions where key = $2), 0)::text || '.' ||
          coalesce((select version from list_versions where key = '*'), 0)::text as version`,
);

/** The version of everything `user`'s list shows, as one string that changes whenever the list may. */
export async function listVersion(db: DbOrTx, user: SessionUser): Promise<string> {
  const email = sellerEmailOf(user);
  const [row] = await runStatement<{ version: string }>(db, VERSION, [`b:${user.id}`, email && `s:${email}`]);
  return row!.version;
}

/**
 * At most `maxChars` characters of page text (about as many bytes: the JSON is mostly ASCII), least
 * recently used first out. Keyed by everything the page depends on besides the data: the caller, their
 * role and seller email, and the query.
 */
export function createListCache(maxChars: number) {
  const entries = new Map<string, { version: string; page: CachedPage }>();
  let chars = 0;

  const keyOf = (user: SessionUser, query: TTransactionListQuery) =>
    `${user.id}|${user.role}|${sellerEmailOf(user) ?? ''}|${query.status ?? ''}|${query.limit}`;

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    chars -= entry.page.body.length;
  }

  return {
    get(user: SessionUser, query: TTransactionListQuery, version: string): CachedPage | null {
      const key = keyOf(user, query);
      const entry = entries.get(key);
      if (!entry) return null;
      if (entry.version !== version) {
        drop(key);
        return null;
      }
      // Most recently used goes last: the Map keeps insertion order.
      entries.delete(key);
      entries.set(key, entry);
      return entry.page;
    },
    set(user: SessionUser, query: TTransactionListQuery, version: string, page: CachedPage) {
      if (page.body.length > maxChars) return;
      const key = keyOf(user, query);
      drop(key);
      entries.set(key, { version, page });
      chars += page.body.length;
      for (const oldest of entries.keys()) {
        if (chars <= maxChars) break;
        drop(oldest);
      }
    },
    /** Characters held now (tests and the benchmark). */
    size: () => ({ entries: entries.size, chars }),
  };
}

export type ListCache = ReturnType<typeof createListCache>;
