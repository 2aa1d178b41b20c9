import { eq } from 'drizzle-orm';
import { ADMIN_USER_MESSAGES } from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { appError } from '../../lib/errors.js';

/** The refusal a suspended account meets at every door: sign-in, the second factor, its session cookie. */
export const accountSuspended = () => appError('ACCOUNT_SUSPENDED', ADMIN_USER_MESSAGES.suspended);

/**
 * Whether an admin has suspended the account, read now (not from a row read earlier in the request:
 * a suspension may have committed meanwhile). Asked only once the password is known to be right, so
 * the answer tells a stranger nothing.
 */
export async function isSuspended(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ at: users.suspendedAt }).from(users).where(eq(users.id, userId));
  return !!row?.at;
}
