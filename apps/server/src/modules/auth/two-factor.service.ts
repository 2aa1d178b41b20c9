import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type QRCodeModule from 'qrcode';
import { isAPIError } from 'better-auth/api';
import { generateRandomString, symmetricEncrypt } from 'better-auth/crypto';
import { createOTP } from '@better-auth/utils/otp';
import {
  BACKUP_CODE_PATTERN,
  TWO_FACTOR_MESSAGES as M,
  maskPhoneNumber,
  type TTwoFactorMethod,
  type TTwoFactorSetupAppResponse,
  type TTwoFactorSetupSmsResponse,
} from '@holdfast/contracts';
import type { Db } from '../../db/client.js';
import { twoFactorSetups, twoFactors, users, verifications } from '../../db/schema/index.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { AppError, appError, tooManyRequests } from '../../lib/errors.js';
import type { EmailProvider } from '../../providers/email/index.js';
import { loadOptional } from '../../lib/optional-module.js';
import type { Auth } from './auth.js';
import { ipKey, twoFactorAccountKey, twoFactorPairKey, type LoginLimiter } from './login-limiter.js';
import { originOf, recordSecurityEvent, recordSecurityEventAlone, recordSignIn } from './security-events.js';
import { parseCookieHeader, verifySignedToken } from './session-lookup.js';
import { accountSuspended, isSuspended } from './suspension.js';
import {
  claimTotpCode,
  hashBackupCode,
  hashedBackupCodeStorage,
  newBackupCodes,
  releaseTotpCode,
} from './two-factor-codes.js';
import { assertPhoneFree, markingPhoneVerified } from './phone-number.js';

const ISSUER = 'Holdfast';

/** The enrolment's QR code as a PNG data URL; qrcode loads with the first app enrolment, not at start. */
export function qrCodeDataUrl(otpauthUrl: string): Promise<string> {
  const QRCode = loadOptional('qrcode') as typeof QRCodeModule;
  return QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
}
const TOTP_SECRET_LENGTH = 32;
/** Better Auth's cookie that carries a sign-in waiting for its second factor. */
const CHALLENGE_COOKIE = 'two_factor';

/** What Better Auth's two-factor errors mean to a person, as our codes and texts. */
function mapTwoFactorError(error: unknown): never {
  if (!isAPIError(error)) throw error;
  const code = (error.body as { code?: string } | undefined)?.code;
  switch (code) {
    case 'INVALID_CODE':
    case 'INVALID_BACKUP_CODE':
    case 'OTP_HAS_EXPIRED':
      throw appError('INVALID_TWO_FACTOR_CODE', M.invalidCode);
    case 'INVALID_TWO_FACTOR_COOKIE':
      throw appError('TWO_FACTOR_CHALLENGE_EXPIRED', M.challengeExpired);
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      throw tooManyRequests(M.tooManyAttempts);
    case 'SMS_UNAVAILABLE':
      throw appError('SMS_UNAVAILABLE', M.sendSmsFailed);
    case 'NO_SMS_DESTINATION':
      throw appError('TWO_FACTOR_NOT_ENABLED', M.noPhone);
    default:
      throw error;
  }
}

/** The request's headers with Cookie replaced by the cookies a Set-Cookie list just gave the browser. */
function withCookiesFrom(headers: Headers, setCookie: Headers): Headers {
  const next = new Headers(headers);
  const pairs = setCookie
    .getSetCookie()
    .map((line) => line.split(';')[0]!.trim())
    .filter((pair) => !pair.endsWith('='));
  next.set('cookie', pairs.join('; '));
  return next;
}

export interface TwoFactorServiceDeps {
  db: Db;
  auth: Auth;
  /** AUTH_SECRET: keys the backup-code and used-code hashes. */
  secret: string;
  /** Tells the account holder whenever two-factor is turned on or off. */
  email: EmailProvider;
  log?: { error(obj: unknown, msg?: string): void };
  /** Wrong codes at sign-in, counted as wrong passwords are (decision 008). */
  limiter: LoginLimiter;
}

/** The security notice sent when two-factor changes: whoever did not do it should act at once. */
export function twoFactorChangedEmail(to: string, firstName: string | null, enabled: boolean, method?: string) {
  const what = enabled
    ? `Two-factor authentication was turned on for your Holdfast account (${method === 'sms' ? 'codes by SMS' : 'authenticator app'}).`
    : 'Two-factor authentication was turned off for your Holdfast account.';
  return {
    to,
    subject: enabled ? 'Two-factor authentication turned on' : 'Two-factor authentication turned off',
    text: `${firstName ? `Hi ${firstName},` : 'Hi,'}\n\n${what}\n\nIf this was not you, reset your password now, sign out your other sessions in Security Settings and contact Holdfast support.\n\nHoldfast`,
  };
}

export interface SignInChallenge {
  twoFactorRequired: true;
  method: TTwoFactorMethod;
  phoneNumber: string | null;
}

/**
 * Two-factor sign-in on Better Auth's two-factor plugin: enrolment by authenticator app (TOTP) or SMS,
 * the verify step that turns it on, disabling with a code, and the second step of sign-in. Better Auth
 * checks codes, counts attempts, locks after repeated misses and swaps sessions; this service adds what
 * the product needs on top: no password prompt at enrolment (the spec's calls carry none), authenticator
 * codes accepted once, backup codes stored hashed, and the chosen method and phone on the account.
 */
export function createTwoFactorService({ db, auth, secret, email, log, limiter }: TwoFactorServiceDeps) {
  const backupStorage = hashedBackupCodeStorage(secret);

  /** The notice is a courtesy on top of a change already made: a mail failure is logged, not thrown. */
  async function notifyChange(userId: string, enabled: boolean, method?: string) {
    const row = await requireRow(userId);
    await email
      .send(twoFactorChangedEmail(row.email, row.firstName, enabled, method))
      .catch((err: unknown) => log?.error({ err }, 'two-factor notice email failed'));
  }

  async function requireRow(userId: string) {
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    if (!row) throw appError('UNAUTHENTICATED', 'Please sign in');
    return row;
  }

  /**
   * Starts an enrolment: a fresh secret (encrypted as Better Auth stores it) and fresh backup codes in
   * an unverified two-factor record, replacing any unfinished one. Nothing changes for sign-in until
   * the verify step proves the code works.
   */
  async function beginEnrolment(userId: string, method: TTwoFactorMethod, phoneNumber: string | null) {
    const row = await requireRow(userId);
    if (row.twoFactorEnabled) throw appError('TWO_FACTOR_ALREADY_ENABLED', M.alreadyEnabled);
    const context = await auth.$context;
    const totpSecret = generateRandomString(TOTP_SECRET_LENGTH);
    const backupCodes = newBackupCodes();
    const record = {
      secret: await symmetricEncrypt({ key: context.secretConfig, data: totpSecret }),
      backupCodes: await backupStorage.encrypt(JSON.stringify(backupCodes)),
      verified: false,
      failedVerificationCount: 0,
      lockedUntil: null,
    };
    await db.transaction(async (tx) => {
      await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
      await tx.insert(twoFactors).values({ id: randomUUID(), userId, ...record });
      await tx
        .insert(twoFactorSetups)
        .values({ userId, method, phoneNumber })
        .onConflictDoUpdate({ target: twoFactorSetups.userId, set: { method, phoneNumber, createdAt: new Date() } });
    });
    const otpauthUrl = createOTP(totpSecret, { digits: 6, period: 30 }).url(ISSUER, row.email);
    return { otpauthUrl, backupCodes };
  }

  async function setupApp(user: SessionUser): Promise<TTwoFactorSetupAppResponse> {
    const { otpauthUrl, backupCodes } = await beginEnrolment(user.id, 'app', null);
    const qrCode = await qrCodeDataUrl(otpauthUrl);
    const totpSecret = new URL(otpauthUrl).searchParams.get('secret')!;
    return { qrCode, secret: totpSecret, otpauthUrl, backupCodes };
  }

  /** Sends an SMS code through Better Auth (its sendOTP goes to the enrolling or verified number). */
  async function sendCode(headers: Headers) {
    try {
      await auth.api.sendTwoFactorOTP({ headers, body: {} });
    } catch (error) {
      mapTwoFactorError(error);
    }
  }

  async function setupSms(
    user: SessionUser,
    phoneNumber: string,
    headers: Headers,
  ): Promise<TTwoFactorSetupSmsResponse> {
    await assertPhoneFree(db, user.id, phoneNumber);
    const { backupCodes } = await beginEnrolment(user.id, 'sms', phoneNumber);
    await sendCode(headers);
    return { sent: true, phoneNumber: maskPhoneNumber(phoneNumber), backupCodes };
  }

  /** Checks an authenticator code with Better Auth, accepting each code once per account. */
  async function verifyAppCode<T>(userId: string, code: string, verify: () => Promise<T>): Promise<T> {
    if (!(await claimTotpCode(db, secret, userId, code))) throw appError('TWO_FACTOR_CODE_USED', M.codeUsed);
    try {
      return await verify();
    } catch (error) {
      await releaseTotpCode(db, secret, userId, code);
      return mapTwoFactorError(error);
    }
  }

  /**
   * The verify step: the first code from the app (or the SMS) proves the enrolment and turns two-factor
   * on. Better Auth replaces the session when it does; the returned headers carry the new cookie.
   */
  async function verify(user: SessionUser, code: string, headers: Headers): Promise<Headers> {
    const [setup] = await db.select().from(twoFactorSetups).where(eq(twoFactorSetups.userId, user.id));
    if (!setup) throw appError('TWO_FACTOR_SETUP_MISSING', M.noSetup);
    const result =
      setup.method === 'app'
        ? await verifyAppCode(user.id, code, () =>
            auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true }),
          )
        : await auth.api.verifyTwoFactorOTP({ body: { code }, headers, returnHeaders: true }).catch(mapTwoFactorError);
    // Another account may have verified the number since the code went out: refused, enrolment kept.
    if (setup.method === 'sms' && setup.phoneNumber) await assertPhoneFree(db, user.id, setup.phoneNumber);
    await markingPhoneVerified(() =>
      db.transaction(async (tx) => {
        await tx.update(twoFactors).set({ verified: true }).where(eq(twoFactors.userId, user.id));
        await tx
          .update(users)
          .set({
            twoFactorEnabled: true,
            twoFactorMethod: setup.method,
            ...(setup.method === 'sms' ? { phoneNumber: setup.phoneNumber, phoneVerified: true } : {}),
            updatedAt: new Date(),
          })
          .where(eq(users.id, user.id));
        await tx.delete(twoFactorSetups).where(eq(twoFactorSetups.userId, user.id));
        await recordSecurityEvent(tx, user.id, 'account.two_factor_enable', originOf(headers), {
          method: setup.method,
        });
      }),
    );
    await notifyChange(user.id, true, setup.method);
    return result.headers;
  }

  /** Checks a code for a signed-in person: the app's, the SMS's (sent by send-sms) or a backup code. */
  async function checkOwnCode(userId: string, method: TTwoFactorMethod, code: string, headers: Headers) {
    if (BACKUP_CODE_PATTERN.test(code)) {
      await auth.api
        .verifyBackupCode({ body: { code: hashBackupCode(secret, code), disableSession: true }, headers })
        .catch(mapTwoFactorError);
    } else if (method === 'app') {
      await verifyAppCode(userId, code, () => auth.api.verifyTOTP({ body: { code }, headers }));
    } else {
      await auth.api.verifyTwoFactorOTP({ body: { code }, headers }).catch(mapTwoFactorError);
    }
  }

  /** Turns two-factor off after a valid code; the secret and backup codes are deleted. */
  async function disable(user: SessionUser, code: string, headers: Headers): Promise<void> {
    const row = await requireRow(user.id);
    if (!row.twoFactorEnabled) throw appError('TWO_FACTOR_NOT_ENABLED', M.notEnabled);
    await checkOwnCode(user.id, row.twoFactorMethod ?? 'app', code, headers).catch(async (error: unknown) => {
      await recordIfWrongCode(error, user.id, headers, 'disable');
      throw error;
    });
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ twoFactorEnabled: false, twoFactorMethod: null, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await tx.delete(twoFactors).where(eq(twoFactors.userId, user.id));
      await tx.delete(twoFactorSetups).where(eq(twoFactorSetups.userId, user.id));
      await recordSecurityEvent(tx, user.id, 'account.two_factor_disable', originOf(headers), {
        method: row.twoFactorMethod,
      });
    });
    await notifyChange(user.id, false);
  }

  /** POST /api/auth/2fa/send-sms: a code to the account's SMS number (to disable, or for an SMS setup). */
  async function sendSms(user: SessionUser, headers: Headers): Promise<{ sent: true; phoneNumber: string }> {
    const row = await requireRow(user.id);
    const [setup] = await db.select().from(twoFactorSetups).where(eq(twoFactorSetups.userId, user.id));
    const phone = setup?.method === 'sms' ? setup.phoneNumber : row.twoFactorMethod === 'sms' ? row.phoneNumber : null;
    if (!phone) throw appError('TWO_FACTOR_NOT_ENABLED', M.noPhone);
    await sendCode(headers);
    return { sent: true, phoneNumber: maskPhoneNumber(phone) };
  }

  /** The account a sign-in challenge cookie belongs to, when the cookie is genuine and unexpired. */
  async function challengeOwner(headers: Headers): Promise<string | null> {
    const context = await auth.$context;
    const name = context.createAuthCookie(CHALLENGE_COOKIE).name;
    const value = parseCookieHeader(headers.get('cookie') ?? '').get(name);
    const identifier = value && verifySignedToken(value, context.secret);
    if (!identifier) return null;
    const [row] = await db
      .select({ userId: verifications.value, expiresAt: verifications.expiresAt })
      .from(verifications)
      .where(eq(verifications.identifier, identifier));
    return row && row.expiresAt > new Date() ? row.userId : null;
  }

  /**
   * After a correct password for an account with two-factor on, Better Auth answered with a challenge
   * cookie instead of a session. For SMS the code goes out now, to the challenge's account.
   */
  async function openChallenge(userId: string, signInHeaders: Headers, setCookie: Headers): Promise<SignInChallenge> {
    const row = await requireRow(userId);
    const method = row.twoFactorMethod ?? 'app';
    if (method === 'sms') await sendCode(withCookiesFrom(signInHeaders, setCookie));
    return {
      twoFactorRequired: true,
      method,
      phoneNumber: method === 'sms' && row.phoneNumber ? maskPhoneNumber(row.phoneNumber) : null,
    };
  }

  /** A new SMS code for the sign-in waiting on one. */
  async function resendChallengeSms(headers: Headers): Promise<{ sent: true; phoneNumber: string }> {
    const userId = await challengeOwner(headers);
    if (!userId) throw appError('TWO_FACTOR_CHALLENGE_EXPIRED', M.challengeExpired);
    const row = await requireRow(userId);
    if (row.twoFactorMethod !== 'sms' || !row.phoneNumber) throw appError('TWO_FACTOR_NOT_ENABLED', M.noPhone);
    await sendCode(headers);
    return { sent: true, phoneNumber: maskPhoneNumber(row.phoneNumber) };
  }

  /**
   * The second step of sign-in: the code (or a backup code) for the challenge cookie's account. Better
   * Auth limits tries per challenge (five); wrong codes are also counted per account and address, per
   * address, and account-wide (high, and never held against a device that signed in to the account
   * before), as wrong passwords are (decision 008), so guesses from elsewhere never lock the owner out.
   * On success Better Auth creates the session, whose cookie travels in the returned headers.
   */
  async function completeSignIn(
    code: string,
    ctx: { headers: Headers; ip: string; knownDeviceUserId?: string | null },
  ): Promise<{ userId: string; headers: Headers }> {
    const { headers } = ctx;
    const userId = await challengeOwner(headers);
    if (!userId) throw appError('TWO_FACTOR_CHALLENGE_EXPIRED', M.challengeExpired);
    // Suspended after the password step: no code is checked, no session made.
    if (await isSuspended(db, userId)) throw accountSuspended();
    const pair = twoFactorPairKey(userId, ctx.ip);
    const keys = [pair, ipKey(ctx.ip), twoFactorAccountKey(userId)];
    const checked = ctx.knownDeviceUserId === userId ? [pair] : keys;
    // Counted before the code is checked, so a concurrent burst checks no more codes than the limits allow.
    if ((await limiter.isLocked(checked)) || !(await limiter.reserve(keys, checked))) {
      throw tooManyRequests(M.tooManyAttempts);
    }
    let result;
    try {
      result = await checkSignInCode(userId, code, headers);
    } catch (error) {
      const wrongCode = error instanceof AppError && error.code === 'INVALID_TWO_FACTOR_CODE';
      if (!wrongCode) await limiter.release(keys); // only a wrong code is a failure
      await recordIfWrongCode(error, userId, headers, 'sign_in');
      throw error;
    }
    await limiter.clear(pair);
    await limiter.release([ipKey(ctx.ip), twoFactorAccountKey(userId)]);
    const { token } = (result.response ?? {}) as { token?: string | null };
    await recordSignIn(db, userId, token, originOf(headers), { secondFactor: result.method });
    return { userId, headers: result.headers };
  }

  /**
   * A wrong or replayed code is a security event of the account even though nothing else happened: its
   * owner sees someone who knows the password trying codes. Every other refusal (an expired challenge, too
   * many tries) is not a code that was checked.
   */
  async function recordIfWrongCode(error: unknown, userId: string, headers: Headers, during: 'sign_in' | 'disable') {
    const codes = ['INVALID_TWO_FACTOR_CODE', 'TWO_FACTOR_CODE_USED'];
    if (!(error instanceof AppError) || !codes.includes(error.code)) return;
    await recordSecurityEventAlone(db, userId, 'account.two_factor_failed', originOf(headers), {
      during,
      code: error.code === 'TWO_FACTOR_CODE_USED' ? 'used_before' : 'wrong',
    });
  }

  /** Checks the code of a sign-in's second step; `method`: which kind of code it was. */
  async function checkSignInCode(userId: string, code: string, headers: Headers) {
    const row = await requireRow(userId);
    if (BACKUP_CODE_PATTERN.test(code)) {
      const result = await auth.api
        .verifyBackupCode({ body: { code: hashBackupCode(secret, code) }, headers, returnHeaders: true })
        .catch(mapTwoFactorError);
      return { ...result, method: 'backup_code' };
    }
    if (row.twoFactorMethod === 'sms') {
      const result = await auth.api
        .verifyTwoFactorOTP({ body: { code }, headers, returnHeaders: true })
        .catch(mapTwoFactorError);
      return { ...result, method: 'sms' };
    }
    const result = await verifyAppCode(userId, code, () =>
      auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true }),
    );
    return { ...result, method: 'app' };
  }

  return {
    setupApp,
    setupSms,
    verify,
    disable,
    sendSms,
    openChallenge,
    challengeOwner,
    resendChallengeSms,
    completeSignIn,
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
