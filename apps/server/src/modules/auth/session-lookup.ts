import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { BetterAuthOptions } from 'better-auth';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import type { TRole } from '@holdfast/contracts';
import type { SessionUser } from '../../lib/auth-context.js';
import type { Auth } from './auth.js';

interface SessionUserRow {
  id: string;
  email: string;
  emailVerified: boolean;
  role?: unknown;
  firstName?: unknown;
  lastName?: unknown;
  mustChangePassword?: unknown;
  twoFactorEnabled?: unknown;
}

/** The account signed in with a temporary password it has not replaced yet (see auth.plugin.ts's gate). */
export const mustChangePassword = (user: SessionUserRow): boolean => user.mustChangePassword === true;

export function toSessionUser(user: SessionUserRow): SessionUser {
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    role: (typeof user.role === 'string' ? user.role : 'buyer') as TRole,
    firstName: typeof user.firstName === 'string' ? user.firstName : null,
    lastName: typeof user.lastName === 'string' ? user.lastName : null,
    twoFactorEnabled: user.twoFactorEnabled === true,
  };
}

/**
 * What the fast lookup concluded: a signed-in user, nobody (no or badly signed cookie: Better Auth
 * would answer null without touching cookies either), or "ask Better Auth" for every case in which
 * Better Auth writes something: a missing or expired session (it clears the cookie and deletes the
 * row), a session due for refresh (it extends the expiry and re-sets the cookie), and cookies we do
 * not handle ourselves (don't-remember-me, cookie cache).
 */
export type SessionLookupResult =
  | { user: SessionUser; session: SessionActivity; mustChangePassword: boolean; account?: SessionAccount }
  | { user: null }
  | 'delegate';

/** The whole user row and the wallet balance (minor units), read with the session when a route asks. */
export type SessionAccount = typeof users.$inferSelect & { walletBalance: bigint };

/** The wallet balance as a column of the session statement (the wallet module's SQL, injected). */
export type WalletBalanceSql = (userId: AnyPgColumn, currency: AnyPgColumn) => SQL<bigint>;

/** The session row's identity and when it was last used (for the idle rule in session-activity.ts). */
export interface SessionActivity {
  id: string;
  lastActiveAt: Date;
}

interface CookieSettings {
  sessionToken: string;
  /** Cookies whose presence changes Better Auth's answer; we leave those requests to it. */
  delegateIfPresent: string[];
  /** The same names followed by '.', for their chunked variants (built once, not per request). */
  delegatePrefixes: string[];
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
  refreshDisabled: boolean;
  /** False when Better Auth is configured in a way this lookup does not reproduce: always delegate. */
  usable: boolean;
}

/** Cookie pairs as the browser sent them; the first of a repeated name wins (as in better-call). */
export function parseCookieHeader(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (cookies.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.charCodeAt(0) === 34) value = value.slice(1, -1);
    try {
      cookies.set(name, value.includes('%') ? decodeURIComponent(value) : value);
    } catch {
      cookies.set(name, value);
    }
  }
  return cookies;
}

const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/**
 * The token inside a Better Auth signed cookie (`<token>.<base64 HMAC-SHA256(token, secret)>`, as
 * better-call's getSignedCookie checks it), or null when the signature is missing or wrong.
 */
export function verifySignedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  // Standard base64 only, as atob demands: Buffer would also take the URL-safe alphabet.
  if (!SIGNATURE.test(signature)) return null;
  const given = Buffer.from(signature, 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** Genuine session cookies remembered as verified (about 250 bytes each). */
const VERIFIED_COOKIES_MAX = 10_000;

/** The most sessions one statement looks up; a busier turn of the event loop starts another batch. */
export const SESSION_BATCH_MAX = 100;

/**
 * The batch sizes that have a statement of their own; a batch is padded to the next one by repeating a
 * token. A fixed list of parameters (`token in ($1, …, $n)`) lets PostgreSQL keep one generic plan per
 * statement: with `token = any($1)` it planned every batch again for its array (custom plans), at about
 * five times the cost of the lookup itself (decision 006).
 */
export const SESSION_BATCH_SIZES = [1, 2, 4, 8, 16, 32, 64, SESSION_BATCH_MAX] as const;

/** The statement for each batch size, prepared on first use; the result runs a batch of tokens. */
function byBatchSize<Row>(
  prepare: (tokenIn: SQL, size: number) => { execute(values: Record<string, string>): Promise<Row[]> },
): (tokens: string[]) => Promise<Row[]> {
  const prepared = new Map<number, ReturnType<typeof prepare>>();
  return (tokens) => {
    const size = SESSION_BATCH_SIZES.find((n) => n >= tokens.length) ?? SESSION_BATCH_MAX;
    let statement = prepared.get(size);
    if (!statement) {
      const placeholders = Array.from({ length: size }, (_, i) => sql.placeholder(`t${i}`));
      statement = prepare(inArray(sessions.token, placeholders), size);
      prepared.set(size, statement);
    }
    const values: Record<string, string> = {};
    for (let i = 0; i < size; i++) values[`t${i}`] = tokens[i] ?? tokens[0]!;
    return statement.execute(values);
  };
}

/**
 * Coalesces the lookups asked for in one turn of the event loop into one statement (`token in (…)`),
 * as DataLoader does: requests that arrive together share a round trip, its result set and its
 * parsing. Each lookup is still sent after its request arrived, so it reads the session as committed
 * by then and revocation stays immediate. A failed statement fails every lookup in its batch.
 */
export function coalesceByToken<Row extends { token: string }>(run: (tokens: string[]) => Promise<Row[]>) {
  type Waiter = { resolve: (row: Row | undefined) => void; reject: (error: unknown) => void };
  let batch: Map<string, Waiter[]> | undefined;

  async function flush(waiting: Map<string, Waiter[]>) {
    try {
      const rows = new Map((await run([...waiting.keys()])).map((row) => [row.token, row]));
      for (const [token, waiters] of waiting) for (const w of waiters) w.resolve(rows.get(token));
    } catch (error) {
      for (const waiters of waiting.values()) for (const w of waiters) w.reject(error);
    }
  }

  return (token: string) =>
    new Promise<Row | undefined>((resolve, reject) => {
      if (!batch || batch.size >= SESSION_BATCH_MAX) {
        const next = new Map<string, Waiter[]>();
        batch = next;
        setImmediate(() => {
          if (batch === next) batch = undefined;
          void flush(next);
        });
      }
      const waiters = batch.get(token);
      if (waiters) waiters.push({ resolve, reject });
      else batch.set(token, [{ resolve, reject }]);
    });
}

/**
 * The per-request session check without Better Auth's endpoint machinery: verify the cookie's
 * signature in process, then one SQL statement joins the session to its user by token (shared by the
 * requests of the same moment, see coalesceByToken). Revocation stays immediate (the database is asked
 * for every request); expiry, deletion and refresh are left to Better Auth's own getSession, which the
 * caller runs whenever this answers 'delegate'.
 */
export function createSessionLookup(auth: Auth, db: Db, walletBalanceSql?: WalletBalanceSql) {
  let settings: CookieSettings | undefined;
  async function cookieSettings(): Promise<CookieSettings> {
    if (settings) return settings;
    const ctx = await auth.$context;
    const { authCookies, sessionConfig } = ctx;
    const options = ctx.options as BetterAuthOptions;
    settings = {
      sessionToken: authCookies.sessionToken.name,
      delegateIfPresent: [authCookies.dontRememberToken.name, authCookies.sessionData.name],
      delegatePrefixes: [`${authCookies.dontRememberToken.name}.`, `${authCookies.sessionData.name}.`],
      secret: ctx.secret,
      expiresInMs: sessionConfig.expiresIn * 1000,
      updateAgeMs: sessionConfig.updateAge * 1000,
      refreshDisabled: options.session?.disableSessionRefresh === true,
      // Sessions outside the database, a cookie cache, deferred refresh or request hooks change what
      // getSession does; should any be configured, every request goes through Better Auth again.
      // (A plugin that rewrites the session, e.g. customSession, needs the same care.)
      usable:
        !options.secondaryStorage &&
        !options.session?.cookieCache?.enabled &&
        !options.session?.deferSessionRefresh &&
        !options.hooks?.before &&
        !options.hooks?.after,
    };
    return settings;
  }

  // The session's own columns, in both lookups.
  const SESSION_COLUMNS = {
    token: sessions.token,
    sessionId: sessions.id,
    lastActiveAt: sessions.lastActiveAt,
    expiresAt: sessions.expiresAt,
  };
  const sessionByToken = coalesceByToken(
    byBatchSize((tokenIn, size) =>
      db
        .select({
          ...SESSION_COLUMNS,
          id: users.id,
          email: users.email,
          emailVerified: users.emailVerified,
          role: users.role,
          firstName: users.firstName,
          lastName: users.lastName,
          mustChangePassword: users.mustChangePassword,
          twoFactorEnabled: users.twoFactorEnabled,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(tokenIn)
        .prepare(`sessions_by_tokens_${size}`),
    ),
  );

  // For the routes that answer the account itself (GET /api/auth/user, /api/auth/session): the same
  // lookup with the whole user row and the wallet balance, so the route needs no statement of its own.
  const accountByToken = coalesceByToken(
    byBatchSize((tokenIn, size) =>
      db
        .select({
          ...SESSION_COLUMNS,
          ...getTableColumns(users),
          walletBalance:
            walletBalanceSql?.(users.id, users.walletCurrency) ?? sql`0`.mapWith((v: string | number) => BigInt(v)),
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(tokenIn)
        .prepare(`session_accounts_by_tokens_${size}`),
    ),
  );

  // Cookies whose signature was checked already: a signed-in browser sends the same one on every request.
  // Only genuine ones are kept, so a forger cannot fill it; all dropped at once when it is full.
  const verified = new Map<string, string>();
  function tokenOf(value: string, secret: string): string | null {
    const known = verified.get(value);
    if (known !== undefined) return known;
    const token = verifySignedToken(value, secret);
    if (token) {
      if (verified.size >= VERIFIED_COOKIES_MAX) verified.clear();
      verified.set(value, token);
    }
    return token;
  }

  /** `withAccount`: also read the whole account (the answer's `account`), in the same statement. */
  return async function lookup(cookieHeader: string, withAccount = false): Promise<SessionLookupResult> {
    const s = settings ?? (await cookieSettings());
    if (!s.usable) return 'delegate';
    const cookies = parseCookieHeader(cookieHeader);
    for (const name of cookies.keys()) {
      if (s.delegateIfPresent.includes(name) || s.delegatePrefixes.some((prefix) => name.startsWith(prefix))) {
        return 'delegate';
      }
    }
    const value = cookies.get(s.sessionToken);
    if (!value) return { user: null };
    const token = tokenOf(value, s.secret);
    if (!token) return { user: null };

    if (!withAccount) return live(s, await sessionByToken(token));
    const row = await accountByToken(token);
    const found = live(s, row);
    if (!row || typeof found !== 'object' || !found.user) return found;
    const { token: _token, sessionId: _id, lastActiveAt: _at, expiresAt: _exp, ...account } = row;
    return { ...found, account };
  };
}

/** The session row's verdict: a live session's user, or 'delegate' for whatever Better Auth must handle. */
function live(
  s: CookieSettings,
  row:
    | (SessionUserRow & { sessionId: string; lastActiveAt: Date; expiresAt: Date; mustChangePassword: boolean })
    | undefined,
): SessionLookupResult {
  if (!row) return 'delegate';
  const now = Date.now();
  const expiresAt = row.expiresAt.getTime();
  if (expiresAt < now) return 'delegate';
  // Better Auth's rule: extend once the session was last extended `updateAge` ago.
  if (!s.refreshDisabled && expiresAt - s.expiresInMs + s.updateAgeMs <= now) return 'delegate';
  return {
    user: toSessionUser(row),
    session: { id: row.sessionId, lastActiveAt: row.lastActiveAt },
    mustChangePassword: row.mustChangePassword,
  };
}
