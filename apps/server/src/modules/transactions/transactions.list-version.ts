import type { TTransactionListQuery } from '@holdfast/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { weakEtag } from '../../lib/etag.js';
import { sellerEmailOf } from './transactions.rules.js';

/**
 * The ETag of a page of GET /api/transactions (decision 015). A trigger raises a party's version in
 * `list_versions` (migration 0021) in the same database transaction as every change their list can show:
 * a transaction of theirs as buyer (`b:<id>`) or as seller (`s:<email>`), or the name, email or
 * verification of anyone on those deals, whichever code or SQL makes it. The tag is made of those two
 * versions and everything else the answer depends on: who asks (their id, role and verified address,
 * since a browser may keep one person's answer when another signs in) and the query.
 *
 * The versions are read before the page is built: a change committed in between is in the page but not
 * in its tag, so the next revalidation misses and sends the new page. A tag is never newer than its page.
 */
export async function listEtag(db: DbOrTx, user: SessionUser, query: TTransactionListQuery): Promise<string> {
  const email = sellerEmailOf(user);
  const [row] = await rowsOf<{ versions: string }>(
    db,
    sql`select coalesce((select version from list_versions where key = ${`b:${user.id}`}), 0)::text || '.' ||
               coalesce((select version from list_versions where key = ${email && `s:${email}`}), 0)::text as versions`,
  );
  return weakEtag([
    row!.versions,
    user.id,
    user.role,
    email,
    query.status ?? null,
    query.limit,
    query.cursor ?? null,
    query.q || null,
    query.sort ?? null,
    query.minAmount ?? null,
    query.maxAmount ?? null,
    query.from ?? null,
    query.to ?? null,
  ]);
}
