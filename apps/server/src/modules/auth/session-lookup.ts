import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
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
  termsVersion?: unknown;
}

/** The account signed in with a temporary password it has not replaced yet (see auth.plugin.ts's gate). */
export const mustChangePassword = (user: SessionUserRow): boolean => user.mustChangePassword === true;
/** The version of the Terms the account accepted, null when none (see auth.plugin.ts's gate). */
export const acceptedTermsVersion = (user: SessionUserRow): string | null =>
  typeof user.termsVersion === 'string' ? user.termsVersion : null;

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
  | {
      user: SessionUser;
      session: SessionActivity;
      mustChangePassword: boolean;
      termsVersion: string | null;
      suspended: boolean;
    }
  | { user: null }
  | 'delegate';

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

/**
 * The per-request session check without Better Auth's endpoint machinery: verify the cookie's
 * signature in process, then one prepared statement joins the session to its user by token. Nothing is
 * kept between requests, so a revoked session or a changed role counts on the next request; expiry,
 * deletion and refresh are left to Better Auth's own getSession, which the caller runs whenever this
 * answers 'delegate' (decision 006).
 */
export function createSessionLookup(auth: Auth, db: Db) {
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

  const sessionByToken = db
    .select({
      sessionId: sessions.id,
      lastActiveAt: sessions.lastActiveAt,
      expiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      mustChangePassword: users.mustChangePassword,
      twoFactorEnabled: users.twoFactorEnabled,
      suspendedAt: users.suspendedAt,
      termsVersion: users.termsVersion,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('session_by_token');

  return async function lookup(cookieHeader: string): Promise<SessionLookupResult> {
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
    const token = verifySignedToken(value, s.secret);
    if (!token) return { user: null };
    const [row] = await sessionByToken.execute({ token });
    return live(s, row);
  };
}

/** The session row's verdict: a live session's user, or 'delegate' for whatever Better Auth must handle. */
function live(
  s: CookieSettings,
  row:
    | (SessionUserRow & {
        sessionId: string;
        lastActiveAt: Date;
        expiresAt: Date;
        mustChangePassword: boolean;
        suspendedAt: Date | null;
      })
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
    // Read with the session on every request: a suspended account's cookie is refused at once.
    suspended: row.suspendedAt !== null,
    termsVersion: acceptedTermsVersion(row),
  };
}
