import { and, eq, like } from 'drizzle-orm';
import { isAPIError } from 'better-auth/api';
import { ACCOUNT_SECURITY_MESSAGES as M, MESSAGES, type TResetPasswordRequest } from '@holdfast/contracts';
import type { Db } from '../../db/client.js';
import { twoFactorSetups, twoFactors, users, verifications } from '../../db/schema/index.js';
import { publishSessionsEnded, type PubSub } from '../../realtime/index.js';
import { appError, badRequest, tooManyRequests } from '../../lib/errors.js';
import type { Auth } from './auth.js';
import { createLoginLimiter, pairKey, type LoginLimiterOptions } from './login-limiter.js';
import { promoteApprovedApplicant } from './moderator-promotion.js';
import { isPasswordTooWeak } from '../../lib/password-strength.js';
import type { AuditOrigin } from '../../lib/audit.js';
import { recordSecurityEvent } from './security-events.js';

/** Better Auth keeps each emailed reset token as a verification row named `reset-password:<token>`. */
const RESET_IDENTIFIER_PREFIX = 'reset-password:';
/** Reset requests are counted per address in the sign-in limiter's table, under keys of their own. */
export const resetRequestKey = (email: string) => `reset-request:${email.trim().toLowerCase()}`;
/** Reset emails one address may be sent per window (its limiter's window: an hour). */
export const RESET_REQUESTS_PER_EMAIL = 5;
export const RESET_REQUEST_WINDOW_MS = 60 * 60 * 1000;

export interface PasswordResetDeps {
  db: Db;
  auth: Auth;
  /** The sign-in limits (config.login): a completed reset lifts the lock the owner's own failures made. */
  login: LoginLimiterOptions;
  /** Where ended sessions are announced: a reset ends every session, and their sockets close. */
  pubsub: PubSub;
  log?: { error(obj: unknown, msg?: string): void };
}

const invalidToken = () => appError('RESET_TOKEN_INVALID', M.reset.invalidToken);

function authErrorCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Forgot password, on Better Auth's own reset support (auth.ts: sendResetPassword, a one-hour token,
 * every session revoked on reset). Following the emailed link proves control of the address, so a reset
 * also marks it verified: the way the real owner of an address reclaims it from an account that
 * registered it first and never verified it (decision 012).
 */
export function createPasswordResetService({ db, auth, login, pubsub, log }: PasswordResetDeps) {
  const loginLimiter = createLoginLimiter(db, login);
  const requestLimiter = createLoginLimiter(db, {
    maxFailures: RESET_REQUESTS_PER_EMAIL,
    windowMs: RESET_REQUEST_WINDOW_MS,
  });
  const pending = new Set<Promise<void>>();

  /** Work the answer must not wait for; a failure is logged, never shown. */
  function inBackground(work: Promise<unknown>) {
    const tracked: Promise<void> = work
      .then(
        () => undefined,
        (err: unknown) => log?.error({ err }, 'password reset email failed'),
      )
      .finally(() => pending.delete(tracked));
    pending.add(tracked);
  }

  /**
   * Sends the reset link when an account has the address; the caller always gets the same answer. The
   * account lookup and the mail run after the answer, so its timing says nothing about the account
   * either (OWASP Forgot Password Cheat Sheet). Counted per address whether or not it has an account.
   */
  async function requestReset(email: string): Promise<void> {
    const address = email.trim().toLowerCase();
    if (!(await requestLimiter.reserve([resetRequestKey(address)]))) throw tooManyRequests(M.forgot.tooMany);
    inBackground(auth.api.requestPasswordReset({ body: { email: address } }));
  }

  /** Resolves once every reset email started so far has been handed to the email provider. */
  async function settled(): Promise<void> {
    while (pending.size) await Promise.all([...pending]);
  }

  /**
   * Replaces the password of the account the token was emailed for (registration's length and strength
   * rules), revokes all of its sessions (Better Auth), marks the address verified, clears a temporary
   * password's must-change flag and kills the account's other reset links. An account that was not
   * verified until now loses what its registrant set up (second factor, phone): see decision 012.
   * `origin.ip`: the address the reset came from, whose sign-in lock for this account is lifted.
   *
   * Better Auth replaces the password and revokes the sessions in a database transaction of its own; the
   * rest, the audit record with it, commits in ours right after (decision 025).
   */
  async function resetPassword(
    input: TResetPasswordRequest,
    origin: AuditOrigin & { ip: string },
  ): Promise<{ userId: string }> {
    const token = input.token.trim();
    const ctx = await auth.$context;
    const verification = await ctx.internalAdapter.findVerificationValue(`${RESET_IDENTIFIER_PREFIX}${token}`);
    if (!verification || verification.expiresAt < new Date()) throw invalidToken();
    const [user] = await db.select().from(users).where(eq(users.id, verification.value));
    if (!user) throw invalidToken();
    if (isPasswordTooWeak(input.newPassword, [user.email, user.firstName, user.lastName])) {
      throw appError('WEAK_PASSWORD', MESSAGES.register.weakPassword, { newPassword: MESSAGES.register.weakPassword });
    }

    try {
      // Consumes the token and revokes every session in one database transaction of its own.
      await auth.api.resetPassword({ body: { token, newPassword: input.newPassword } });
    } catch (error) {
      const code = authErrorCode(error);
      // Used or expired meanwhile (a second tab, a race): the same answer as a bad link.
      if (code === 'INVALID_TOKEN' || code === 'USER_NOT_FOUND') throw invalidToken();
      if (code === 'PASSWORD_TOO_SHORT') throw badRequest(MESSAGES.register.passwordTooShort);
      if (code === 'PASSWORD_TOO_LONG') throw badRequest(MESSAGES.register.weakPassword);
      throw error;
    }
    await publishSessionsEnded(pubsub, user.id, null);

    const reclaimed = !user.emailVerified;
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          emailVerified: true,
          mustChangePassword: false,
          updatedAt: new Date(),
          // Whoever registered the address without owning it keeps no way back in (decision 012).
          ...(reclaimed
            ? { twoFactorEnabled: false, twoFactorMethod: null, phoneNumber: null, phoneVerified: false }
            : {}),
        })
        .where(eq(users.id, user.id));
      if (reclaimed) {
        await tx.delete(twoFactors).where(eq(twoFactors.userId, user.id));
        await tx.delete(twoFactorSetups).where(eq(twoFactorSetups.userId, user.id));
      }
      // Older links still in the inbox die with this one (identifiers are stored plain: Better Auth's default).
      await tx
        .delete(verifications)
        .where(and(like(verifications.identifier, `${RESET_IDENTIFIER_PREFIX}%`), eq(verifications.value, user.id)));
      // As after following the verification link: an approved moderator applicant is promoted.
      await promoteApprovedApplicant(tx, user.id);
      await recordSecurityEvent(tx, user.id, 'account.password_reset', origin, {
        sessionsEnded: 'all',
        twoFactorRemoved: reclaimed && user.twoFactorEnabled,
      });
    });
    // Often the reason for the reset: the owner's own wrong guesses locked this account from this address.
    await loginLimiter.clear(pairKey(user.email, origin.ip));
    return { userId: user.id };
  }

  return { requestReset, resetPassword, settled };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
