import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { isAPIError } from 'better-auth/api';
import { z } from 'zod';
import {
  LEGAL_MESSAGES,
  MESSAGES,
  PASSWORD_CHANGE_MESSAGES,
  type TAcceptTermsRequest,
  type TChangePasswordRequest,
  type TLoginRequest,
  type TRole,
  type TUpdateProfileRequest,
  type TUser,
  type ZRegisterRequest,
} from '@holdfast/contracts';
import type { Db } from '../../db/client.js';
import { accounts, sessions, users } from '../../db/schema/index.js';
import type { SessionUser } from '../../lib/auth-context.js';
import type { AuditOrigin } from '../../lib/audit.js';
import type { StoreAnswer } from '../../lib/idempotency.js';
import { AppError, appError, badRequest, forbidden, tooManyRequests, unauthenticated } from '../../lib/errors.js';
import { publishSessionsEnded, type PubSub } from '../../realtime/index.js';
import { VERIFIED_CALLBACK, type Auth } from './auth.js';
import { deviceToken, deviceUserId } from './device-cookie.js';
import { emailKey, ipKey, pairKey, type LoginLimiter } from './login-limiter.js';
import { isPasswordTooWeak } from '../../lib/password-strength.js';
import { originOf, recordSecurityEvent, recordSignIn } from './security-events.js';
import { createSessionActivity } from './session-activity.js';
import { acceptedTermsVersion, createSessionLookup, mustChangePassword, toSessionUser } from './session-lookup.js';
import { accountSuspended, isSuspended } from './suspension.js';
import type { SignInChallenge, TwoFactorService } from './two-factor.service.js';

export type UserRow = typeof users.$inferSelect;
/** The user's wallet balance as a decimal string; the wallet module supplies the real one. */
export type WalletBalanceReader = (userId: string, currency: string) => Promise<string>;
export type TRegisterInput = z.output<typeof ZRegisterRequest>;

const ZEmail = z.email();
const displayName = (firstName: string, lastName: string) => `${firstName} ${lastName}`.trim();

/** The public shape of an account (contracts ZUser); `termsVersion` is the current Terms' version. */
export function toUserResponse(row: UserRow, walletBalance: string, termsVersion: string): TUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.image,
    role: row.role,
    twoFactorEnabled: row.twoFactorEnabled,
    twoFactorMethod: row.twoFactorMethod,
    phoneNumber: row.phoneNumber,
    walletBalance,
    walletCurrency: row.walletCurrency,
    phoneVerified: row.phoneVerified,
    emailVerified: row.emailVerified,
    kycStatus: row.kycStatus,
    createdAt: row.createdAt.toISOString(),
    mustChangePassword: row.mustChangePassword,
    termsVersion: row.termsVersion,
    termsAcceptedAt: row.termsAcceptedAt?.toISOString() ?? null,
    mustAcceptTerms: row.termsVersion !== termsVersion,
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Better Auth's error code, when the error came from it. */
function authErrorCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

export interface AuthServiceDeps {
  db: Db;
  auth: Auth;
  /** The same inactivity limit as the browser's timeout dialog (SESSION_IDLE_TIMEOUT_SECONDS). */
  idleTimeoutMs: number;
  limiter: LoginLimiter;
  /** Signs the device cookie (the app's AUTH_SECRET). */
  secret: string;
  walletBalance?: WalletBalanceReader;
  /** Opens the second step of sign-in for accounts with two-factor on. */
  twoFactor: Pick<TwoFactorService, 'openChallenge'>;
  /** Where ended sessions are announced, so their sockets close on every instance. */
  pubsub: PubSub;
  /** The current Terms of Service's version (the legal module's): an account that accepted another is asked again. */
  termsVersion: string;
  log?: { error(obj: unknown, msg?: string): void };
}

export interface SignedIn {
  user: TUser;
  /** Better Auth's response headers; their Set-Cookie lines carry the session to the browser. */
  headers: Headers;
  /** A fresh device token: this browser has now signed in to this account (device-cookie.ts). */
  deviceToken: string;
}

/** A correct password for an account with two-factor on: no session yet, a challenge cookie in `headers`. */
export interface ChallengedSignIn {
  challenge: SignInChallenge;
  headers: Headers;
}

export function createAuthService({
  db,
  auth,
  idleTimeoutMs,
  limiter,
  secret,
  walletBalance,
  twoFactor,
  pubsub,
  termsVersion,
  log,
}: AuthServiceDeps) {
  const lookupSession = createSessionLookup(auth, db);
  const checkActivity = createSessionActivity(db, idleTimeoutMs);

  /** Better Auth's answer for the cookie (it deletes an expired session's row). */
  function askBetterAuth(requestHeaders: () => Headers) {
    return auth.api.getSession({ headers: requestHeaders(), returnHeaders: true });
  }

  /**
   * The signed-in user behind a session cookie. The common case (a live session) is answered by one
   * query; whatever makes Better Auth write (expiry, a refresh) is left to it, and a live session's
   * Set-Cookie headers (a refresh) come back to travel to the browser. `ended`: the cookie was genuine but
   * its session is over (idle, past its lifetime, revoked), so the page can say why the person is signed
   * out. An ended session's answer carries no cookie, not even a cleared one: a request sent just before
   * the session was swapped (two-factor turned on, a password changed) carries the old cookie, and its
   * answer can reach the browser after the new cookie and would clear that (decision 006).
   */
  async function currentUser(
    cookie: string,
    requestHeaders: () => Headers,
  ): Promise<{
    user: SessionUser | null;
    headers?: Headers;
    ended?: boolean;
    mustChangePassword?: boolean;
    suspended?: boolean;
    mustAcceptTerms?: boolean;
  }> {
    const fast = await lookupSession(cookie);
    if (fast !== 'delegate') {
      if (!fast.user) return { user: null };
      // Suspension deletes the account's sessions; one made in a race with it is refused all the same.
      if (fast.suspended) return { user: null, ended: true, suspended: true };
      if ((await checkActivity(fast.session)) === 'active') {
        return {
          user: fast.user,
          mustChangePassword: fast.mustChangePassword,
          mustAcceptTerms: fast.termsVersion !== termsVersion,
        };
      }
      return { user: null, ended: true };
    }
    const { headers, response } = await askBetterAuth(requestHeaders);
    if (!response) return { user: null, ended: true };
    const [row] = await db
      .select({ id: sessions.id, lastActiveAt: sessions.lastActiveAt, suspendedAt: users.suspendedAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, response.session.id));
    if (row?.suspendedAt) return { user: null, ended: true, suspended: true };
    if (row && (await checkActivity(row)) === 'idle') return { user: null, ended: true };
    return {
      user: toSessionUser(response.user),
      headers,
      mustChangePassword: mustChangePassword(response.user),
      mustAcceptTerms: acceptedTermsVersion(response.user) !== termsVersion,
    };
  }

  /** The verification link: Better Auth checks the token, marks the address verified and redirects. */
  function verifyEmail(url: URL, headers: Headers): Promise<Response> {
    return auth.handler(new Request(url, { method: 'GET', headers }));
  }

  const balanceOf = async (row: UserRow) => (walletBalance ? await walletBalance(row.id, row.walletCurrency) : '0.00');

  async function userResponse(row: UserRow): Promise<TUser> {
    return toUserResponse(row, await balanceOf(row), termsVersion);
  }

  // GET /api/auth/user and /api/auth/session run this on every call: built and named once, so neither
  // drizzle's query building nor PostgreSQL's parse and plan are paid per request.
  const userById = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_by_id');

  async function requireRow(id: string): Promise<UserRow> {
    const [row] = await userById.execute({ id });
    if (!row) throw unauthenticated(MESSAGES.auth.notSignedIn);
    return row;
  }

  async function getUser(id: string): Promise<TUser> {
    return userResponse(await requireRow(id));
  }

  async function register(input: TRegisterInput, headers: Headers): Promise<SignedIn> {
    const email = input.email.trim().toLowerCase();
    if (isPasswordTooWeak(input.password, [email, input.firstName, input.lastName])) {
      throw appError('WEAK_PASSWORD', MESSAGES.register.weakPassword, { password: MESSAGES.register.weakPassword });
    }
    if (await findUserByEmail(db, email)) throw appError('EMAIL_IN_USE', MESSAGES.register.emailInUse);
    let result;
    try {
      result = await auth.api.signUpEmail({
        body: {
          name: displayName(input.firstName, input.lastName),
          email,
          password: input.password,
          firstName: input.firstName,
          lastName: input.lastName,
          role: input.role,
          // Written with the account itself: it exists with its acceptance or not at all.
          termsVersion: input.acceptTerms ? termsVersion : undefined,
          termsAcceptedAt: input.acceptTerms ? new Date() : undefined,
          callbackURL: VERIFIED_CALLBACK,
        },
        headers,
        returnHeaders: true,
      });
    } catch (error) {
      const code = authErrorCode(error);
      if (code?.startsWith('USER_ALREADY_EXISTS')) throw appError('EMAIL_IN_USE', MESSAGES.register.emailInUse);
      if (code === 'PASSWORD_TOO_LONG') throw badRequest(MESSAGES.register.weakPassword);
      if (code === 'PASSWORD_TOO_SHORT') throw badRequest(MESSAGES.register.passwordTooShort);
      if (code === 'INVALID_EMAIL') throw badRequest(MESSAGES.register.invalidEmail);
      // A concurrent registration of the same address loses on the unique index.
      if (await findUserByEmail(db, email)) throw appError('EMAIL_IN_USE', MESSAGES.register.emailInUse);
      log?.error({ err: error }, 'registration failed');
      throw new AppError(isAPIError(error) ? 'VALIDATION' : 'INTERNAL', MESSAGES.register.failed);
    }
    const user = await userResponse(await requireRow(result.response.user.id));
    return { user, headers: result.headers, deviceToken: deviceToken(user.id, secret) };
  }

  /**
   * Email + password sign-in with the spec's distinct messages. Failures are limited per account and
   * address, per address, and (high) per account; a device that signed in to this account before
   * (`knownDeviceUserId`, from its signed cookie) is not held to the account-wide limit, so failures from
   * elsewhere never lock the owner out. Limits are checked before the password, so a locked pair cannot
   * be probed.
   */
  let noAccountHash: Promise<string> | undefined;
  /** A password hash verification whose answer is thrown away: the work a known address's sign-in does. */
  async function verifyAgainstNoAccount(password: string): Promise<void> {
    const context = await auth.$context;
    noAccountHash ??= context.password.hash(randomBytes(24).toString('base64'));
    await context.password.verify({ hash: await noAccountHash, password });
  }

  async function login(
    input: TLoginRequest,
    ctx: { headers: Headers; ip: string; knownDeviceUserId?: string | null },
    opts: { adminOnly?: boolean } = {},
  ): Promise<SignedIn | ChallengedSignIn> {
    const email = input.email.trim().toLowerCase();
    if (!ZEmail.safeParse(email).success) throw badRequest(MESSAGES.login.invalidEmail);
    const row = await findUserByEmail(db, email);
    const keys = [pairKey(email, ctx.ip), ipKey(ctx.ip), emailKey(email)];
    const knownDevice = !!row && ctx.knownDeviceUserId === row.id;
    const checked = knownDevice ? [pairKey(email, ctx.ip)] : keys;
    if (await limiter.isLocked(checked)) throw tooManyRequests(MESSAGES.login.tooManyRequests);

    if (!row) {
      await limiter.recordFailure(keys);
      // As long as a wrong password takes (one hash verification), so the time tells nothing (decision 003).
      await verifyAgainstNoAccount(input.password);
      throw appError('ACCOUNT_NOT_FOUND', MESSAGES.login.userNotFound);
    }
    // Counted before the password check, so concurrent guesses cannot all slip past isLocked.
    if (!(await limiter.reserve(keys, checked))) {
      await limiter.release(keys); // no password was checked; only its own count is taken back
      throw tooManyRequests(MESSAGES.login.tooManyRequests);
    }
    let result;
    try {
      result = await auth.api.signInEmail({
        body: { email, password: input.password, rememberMe: true },
        headers: ctx.headers,
        returnHeaders: true,
      });
    } catch (error) {
      const code = authErrorCode(error);
      if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'INVALID_PASSWORD' || code === 'PASSWORD_TOO_LONG') {
        throw appError('WRONG_PASSWORD', MESSAGES.login.wrongPassword); // already counted by reserve
      }
      await limiter.release(keys);
      log?.error({ err: error }, 'sign-in failed');
      throw new AppError(isAPIError(error) ? 'UNAUTHENTICATED' : 'INTERNAL', MESSAGES.login.failed);
    }
    await limiter.clear(pairKey(email, ctx.ip));
    await limiter.release([ipKey(ctx.ip), emailKey(email)]); // a success is not a failure

    const response = result.response as { token?: string | null; twoFactorRedirect?: boolean };
    if (await isSuspended(db, row.id)) {
      // The right password for a suspended account: the session just made goes at once, no cookie is sent.
      if (response.token) await db.delete(sessions).where(eq(sessions.token, response.token));
      throw accountSuspended();
    }
    if (opts.adminOnly && row.role !== 'admin') {
      // The password was right but this door is for admins: revoke the session just made, send no cookie.
      if (response.token) await db.delete(sessions).where(eq(sessions.token, response.token));
      throw forbidden(MESSAGES.auth.adminOnly);
    }
    if (response.twoFactorRedirect) {
      // Better Auth kept the session back: the code from the app, SMS or a backup code comes next.
      return { challenge: await twoFactor.openChallenge(row.id, ctx.headers, result.headers), headers: result.headers };
    }
    await recordSignIn(db, row.id, response.token, originOf(ctx.headers), { secondFactor: null });
    return { user: await userResponse(row), headers: result.headers, deviceToken: deviceToken(row.id, secret) };
  }

  /** Revokes the session in the database and returns the cookie-clearing headers. */
  /** Ends the request's session; its sockets close. */
  async function logout(headers: Headers): Promise<Headers> {
    const current = await auth.api.getSession({ headers, query: { disableRefresh: true } });
    const result = await auth.api.signOut({ headers, returnHeaders: true });
    if (current) await publishSessionsEnded(pubsub, current.user.id, [current.session.id]);
    return result.headers;
  }

  async function updateProfile(user: SessionUser, input: TUpdateProfileRequest): Promise<TUser> {
    const requestedEmail = input.email?.trim().toLowerCase();
    if (requestedEmail && requestedEmail !== user.email.toLowerCase()) {
      throw badRequest(MESSAGES.profile.emailChangeNotAllowed, { email: MESSAGES.profile.emailChangeNotAllowed });
    }
    const [row] = await db
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        name: displayName(input.firstName, input.lastName),
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id))
      .returning();
    if (!row) throw unauthenticated(MESSAGES.auth.notSignedIn);
    return userResponse(row);
  }

  async function resendVerification(user: SessionUser, headers: Headers): Promise<void> {
    const row = await requireRow(user.id);
    if (row.emailVerified) throw badRequest(MESSAGES.verification.alreadyVerified);
    await auth.api.sendVerificationEmail({ body: { email: row.email, callbackURL: VERIFIED_CALLBACK }, headers });
  }

  /**
   * Replaces the caller's password after checking the current one (registration's length and strength
   * rules), clears the must-change flag of a temporary password, signs out every other session and records
   * it in the audit trail, all in one database transaction.
   */
  async function changePassword(
    user: SessionUser,
    input: TChangePasswordRequest,
    headers: Headers,
    answer?: StoreAnswer<TUser>,
  ): Promise<TUser> {
    const row = await requireRow(user.id);
    const P = PASSWORD_CHANGE_MESSAGES;
    if (input.newPassword === input.currentPassword) {
      throw badRequest(P.sameAsCurrent, { newPassword: P.sameAsCurrent });
    }
    if (isPasswordTooWeak(input.newPassword, [row.email, row.firstName, row.lastName])) {
      throw appError('WEAK_PASSWORD', MESSAGES.register.weakPassword, { newPassword: MESSAGES.register.weakPassword });
    }
    const [credential] = await db
      .select({ id: accounts.id, password: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, row.id), eq(accounts.providerId, 'credential')));
    const context = await auth.$context;
    const valid =
      !!credential?.password &&
      (await context.password.verify({ hash: credential.password, password: input.currentPassword }));
    if (!valid) throw badRequest(P.wrongCurrent, { currentPassword: P.wrongCurrent });
    const hash = await context.password.hash(input.newPassword);
    const current = await auth.api.getSession({ headers });
    // Read before the database transaction, which builds the answer (a password changes no balance).
    const balance = await balanceOf(row);
    const updated = await db.transaction(async (tx) => {
      await tx.update(accounts).set({ password: hash, updatedAt: new Date() }).where(eq(accounts.id, credential!.id));
      const others = current
        ? and(eq(sessions.userId, row.id), ne(sessions.id, current.session.id))
        : eq(sessions.userId, row.id);
      const ended = await tx.delete(sessions).where(others).returning({ id: sessions.id });
      await recordSecurityEvent(tx, row.id, 'account.password_change', originOf(headers), {
        sessionsEnded: ended.length,
      });
      const [next] = await tx
        .update(users)
        .set({ mustChangePassword: false, updatedAt: new Date() })
        .where(eq(users.id, row.id))
        .returning();
      const view = toUserResponse(next!, balance, termsVersion);
      await answer?.(tx, view);
      return { view, ended };
    });
    // The other sessions' sockets close too.
    await publishSessionsEnded(
      pubsub,
      row.id,
      updated.ended.map((e) => e.id),
    );
    return updated.view;
  }

  /**
   * The caller accepts the current Terms of Service: `version` is the one they were shown, and anything but
   * the current version is refused (the text changed while they read it). Accepting the version already
   * accepted changes nothing, so a repeated click is harmless.
   */
  async function acceptTerms(user: SessionUser, input: TAcceptTermsRequest, origin: AuditOrigin): Promise<TUser> {
    if (input.version !== termsVersion) throw appError('TERMS_VERSION_CHANGED', LEGAL_MESSAGES.versionChanged);
    const row = await db.transaction(async (tx) => {
      const [accepted] = await tx
        .update(users)
        .set({ termsVersion, termsAcceptedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(users.id, user.id), sql`${users.termsVersion} is distinct from ${termsVersion}`))
        .returning();
      if (accepted) await recordSecurityEvent(tx, user.id, 'account.accept_terms', origin, { version: termsVersion });
      return accepted;
    });
    return row ? userResponse(row) : userResponse(await requireRow(user.id));
  }

  /**
   * Creates a verified account with the given role, or gives an existing account that role (its
   * password is left as it is). Used for the configured admin, demo accounts and the CLI. Nobody has
   * accepted the Terms for such an account: its holder is asked at the first sign-in, unless
   * `acceptedTerms` (the demo accounts, whose holders are fictional).
   */
  async function ensureAccount(input: {
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    role: TRole;
    acceptedTerms?: boolean;
  }): Promise<{ user: TUser; created: boolean }> {
    const accepted = input.acceptedTerms ? { termsVersion, termsAcceptedAt: new Date() } : {};
    const email = input.email.trim().toLowerCase();
    const existing = await findUserByEmail(db, email);
    if (existing) {
      const [row] = await db
        .update(users)
        .set({ role: input.role, emailVerified: true, updatedAt: new Date(), ...accepted })
        .where(eq(users.id, existing.id))
        .returning();
      return { user: await userResponse(row!), created: false };
    }
    const context = await auth.$context;
    const hash = await context.password.hash(input.password);
    const id = randomUUID();
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          id,
          email,
          name: displayName(input.firstName, input.lastName),
          firstName: input.firstName,
          lastName: input.lastName,
          role: input.role,
          emailVerified: true,
          ...accepted,
        })
        .returning();
      await tx
        .insert(accounts)
        .values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: hash });
      return created!;
    });
    return { user: await userResponse(row), created: true };
  }

  /** After the second factor: the signed-in person and this browser's device token. */
  async function signedInAfterTwoFactor(userId: string, headers: Headers): Promise<SignedIn> {
    return { user: await getUser(userId), headers, deviceToken: deviceToken(userId, secret) };
  }

  return {
    signedInAfterTwoFactor,
    /** The account a device cookie says this browser signed in to before, when it is genuine. */
    deviceOwner: (token: string | undefined) => deviceUserId(token, secret),
    currentUser,
    verifyEmail,
    getUser,
    register,
    login,
    logout,
    updateProfile,
    resendVerification,
    changePassword,
    acceptTerms,
    ensureAccount,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
