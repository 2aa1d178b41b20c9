import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { loginFailures } from '../../db/schema/index.js';

export interface LoginLimiterOptions {
  maxFailures: number;
  windowMs: number;
}

/**
 * Counter keys (OWASP's authentication guidance; decision 008):
 * - one per account and client address: the limit that locks a guesser out of one account;
 * - one per client address, across accounts: a guesser cannot spread guesses over many accounts;
 * - one per account, across addresses: high, so failures from elsewhere slow a distributed guesser down
 *   without locking the owner out, and never checked for a device that signed in to the account before.
 */
export const pairKey = (email: string, ip: string) => `pair:${email.toLowerCase()}|${ip}`;
export const ipKey = (ip: string) => `ip:${ip}`;
export const emailKey = (email: string) => `email:${email.toLowerCase()}`;
/** The second factor's own counters, by the same rule: per account and address, and account-wide (high). */
export const twoFactorPairKey = (userId: string, ip: string) => `2fa:${userId}|${ip}`;
export const twoFactorAccountKey = (userId: string) => `2fa-account:${userId}`;
/**
 * An address may fail this many times more often than one account from it: offices and mobile carriers
 * put many people behind one address, and its counter is never cleared by a success.
 */
export const IP_FAILURE_FACTOR = 4;
/** Failures one account may take from everywhere together within a window, as a multiple of the limit. */
export const ACCOUNT_FAILURE_FACTOR = 20;

/**
 * Failed sign-ins counted in the database, so every app instance sees the same numbers. A key is
 * locked once it has `maxFailures` failures inside a window that started with its first failure.
 */
export function createLoginLimiter(db: DbOrTx, { maxFailures, windowMs }: LoginLimiterOptions) {
  const windowStart = () => new Date(Date.now() - windowMs);
  const limitOf = (key: string) =>
    key.startsWith('ip:')
      ? maxFailures * IP_FAILURE_FACTOR
      : key.startsWith('email:') || key.startsWith('2fa-account:')
        ? maxFailures * ACCOUNT_FAILURE_FACTOR
        : maxFailures;

  /** Adds one to each key's counter (a key whose window has passed starts a new one); the new counts. */
  async function count(keys: string[]): Promise<{ key: string; count: number }[]> {
    const now = new Date();
    const nowSql = sql`${now.toISOString()}::timestamptz`;
    const since = sql`${windowStart().toISOString()}::timestamptz`;
    const counts: { key: string; count: number }[] = [];
    for (const key of keys) {
      const [row] = await db
        .insert(loginFailures)
        .values({ key, count: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: {
            count: sql`case when ${loginFailures.windowStartedAt} <= ${since} then 1 else ${loginFailures.count} + 1 end`,
            windowStartedAt: sql`case when ${loginFailures.windowStartedAt} <= ${since} then ${nowSql} else ${loginFailures.windowStartedAt} end`,
          },
        })
        .returning({ count: loginFailures.count });
      counts.push({ key, count: Number(row?.count ?? 0) });
    }
    return counts;
  }

  return {
    /** True when any of the keys has used up its failures for the current window. */
    async isLocked(keys: string[]): Promise<boolean> {
      const rows = await db
        .select({ key: loginFailures.key, count: loginFailures.count, windowStartedAt: loginFailures.windowStartedAt })
        .from(loginFailures)
        .where(inArray(loginFailures.key, keys));
      const since = windowStart();
      return rows.some((r) => r.windowStartedAt > since && r.count >= limitOf(r.key));
    },

    /**
     * Counts this attempt against every key BEFORE the password is checked, atomically, and says
     * whether it is still within the limits. Checking first and counting only after the (slow)
     * password check let a burst of concurrent guesses all pass the check. A sign-in that turns out
     * right (or fails for another reason) gives the attempt back with `release`. Every key is counted;
     * only the `checked` ones can refuse (a known device is not held to the account-wide key).
     */
    async reserve(keys: string[], checked: string[] = keys): Promise<boolean> {
      const counts = await count(keys);
      return counts.every((c) => !checked.includes(c.key) || c.count <= limitOf(c.key));
    },

    /**
     * Takes back one reserved attempt from each key. The rows are locked in key order first: locked in
     * the order a scan met them, two sign-ins giving back the same keys at once could each hold one row
     * and wait for the other's (a deadlock, answered 500; a burst of guesses found it).
     */
    async release(keys: string[]): Promise<void> {
      const locked = db
        .select({ key: loginFailures.key })
        .from(loginFailures)
        .where(inArray(loginFailures.key, keys))
        .orderBy(loginFailures.key)
        .for('update');
      await db
        .update(loginFailures)
        .set({ count: sql`greatest(${loginFailures.count} - 1, 0)` })
        .where(inArray(loginFailures.key, locked));
    },

    /** Counts one failure against every key; a key whose window has passed starts a new one. */
    async recordFailure(keys: string[]): Promise<void> {
      await count(keys);
    },

    /** A successful sign-in clears its own account-and-address counter (not the address's nor the
     * account-wide one: one good sign-in must not reset an attacker's budget). */
    async clear(key: string): Promise<void> {
      await db.delete(loginFailures).where(inArray(loginFailures.key, [key]));
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
