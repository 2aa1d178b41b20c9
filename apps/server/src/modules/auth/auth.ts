import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, RESET_PASSWORD_TOKEN_TTL_SECONDS } from '@holdfast/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { accounts, sessions, twoFactors, users, verifications } from '../../db/schema/index.js';
import type { EmailProvider } from '../../providers/email/index.js';
import type { SmsProvider } from '../../providers/sms/index.js';
import { promoteApprovedApplicant } from './moderator-promotion.js';
import { passwordResetEmail, resetPasswordLink } from './password-reset-email.js';
import { hashedBackupCodeStorage, newBackupCodes } from './two-factor-codes.js';
import { SMS_CODE_MINUTES, sendTwoFactorSms } from './two-factor-sms.js';

/** Better Auth lives under its own prefix so it never shadows the product's /api/auth/... calls. */
export const AUTH_BASE_PATH = '/api/identity';
export const COOKIE_PREFIX = 'holdfast';
/** Where the verification link sends the browser once the address is confirmed (the page then says so). */
export const VERIFIED_CALLBACK = '/dashboard?verified=1';
export const SESSION_COOKIE = `${COOKIE_PREFIX}.session_token`;
export const CLIENT_IP_HEADER = 'x-holdfast-client-ip';

/** How passwords are hashed and checked; Better Auth's own (scrypt, N=16384, r=16) when not given. */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

export interface CreateAuthDeps {
  config: Config;
  db: Db;
  email: EmailProvider;
  sms: SmsProvider;
  passwordHashing?: PasswordHashing | undefined;
}

export function verificationEmail(to: string, firstName: string | null | undefined, url: string) {
  const greeting = firstName ? `Hi ${firstName},` : 'Hi,';
  return {
    to,
    subject: 'Verify your Holdfast email address',
    text: `${greeting}\n\nPlease confirm your email address by opening this link:\n\n${url}\n\nIf you did not create a Holdfast account, you can ignore this message.\n\nHoldfast`,
  };
}

/**
 * One Better Auth instance per app. Only the verify-email link is reachable over HTTP (see
 * auth.plugin.ts); every other operation goes through our routes calling `auth.api` on the server,
 * which is why `role` may be given as input: no browser can reach sign-up directly.
 */
export function createAuth({ config, db, email, sms, passwordHashing }: CreateAuthDeps) {
  return betterAuth({
    appName: 'Holdfast',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    // Failed passwords are expected traffic; our own limiter and request log cover them.
    logger: { disabled: config.logLevel === 'silent', level: 'error' },
    database: drizzleAdapter(db, {
      provider: 'pg',
      // Sign-up writes the user and the credential account together, or neither.
      transaction: true,
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
      },
    }),
    // An absolute lifetime: a session is never extended, so it ends SESSION_MAX_AGE_SECONDS after sign-in
    // at the latest; the idle rule (session-activity.ts) ends it sooner when unused.
    session: { expiresIn: Math.floor(config.session.maxAgeMs / 1000), disableSessionRefresh: true },
    emailAndPassword: {
      enabled: true,
      ...(passwordHashing ? { password: passwordHashing } : {}),
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      requireEmailVerification: false,
      // Forgot password (password-reset.ts): the link opens the web page, which posts the token back.
      sendResetPassword: async ({ user, token }) => {
        const firstName = (user as { firstName?: string | null }).firstName;
        await email.send(passwordResetEmail(user.email, firstName, resetPasswordLink(config.publicUrl, token)));
      },
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        const firstName = (user as { firstName?: string | null }).firstName;
        await email.send(verificationEmail(user.email, firstName, url));
      },
      // An approved moderator applicant becomes a moderator once they prove they own the address.
      afterEmailVerification: async (user) => {
        await promoteApprovedApplicant(db, user.id);
      },
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
        role: { type: 'string', required: false, defaultValue: 'buyer' },
        phoneNumber: { type: 'string', required: false, input: false },
        phoneVerified: { type: 'boolean', required: false, defaultValue: false, input: false },
        kycStatus: { type: 'string', required: false, defaultValue: 'unverified', input: false },
        walletCurrency: { type: 'string', required: false, defaultValue: 'ZAR', input: false },
        twoFactorEnabled: { type: 'boolean', required: false, defaultValue: false, input: false },
        twoFactorMethod: { type: 'string', required: false, input: false },
        mustChangePassword: { type: 'boolean', required: false, defaultValue: false, input: false },
        // Written by our register route only (no browser reaches sign-up): the Terms accepted, and when.
        termsVersion: { type: 'string', required: false, input: true },
        termsAcceptedAt: { type: 'date', required: false, input: true },
      },
    },
    plugins: [
      // Second factor at sign-in: Better Auth swaps the new session for a short-lived challenge cookie
      // until a code arrives (two-factor.service.ts drives it). Codes by authenticator app (TOTP) or SMS,
      // ten backup codes stored as keyed hashes, five tries per challenge and a lock after ten misses.
      twoFactor({
        issuer: 'Holdfast',
        twoFactorCookieMaxAge: 600,
        backupCodeOptions: {
          amount: 10,
          length: 10,
          customBackupCodesGenerate: newBackupCodes,
          storeBackupCodes: hashedBackupCodeStorage(config.authSecret),
        },
        otpOptions: {
          period: SMS_CODE_MINUTES,
          storeOTP: 'hashed',
          allowedAttempts: 5,
          sendOTP: sendTwoFactorSms(db, sms),
        },
        // Off: an account-wide lock let anyone with the password lock the owner out; wrong codes are
        // counted per address instead (two-factor.service.ts completeSignIn, decision 008).
        accountLockout: { enabled: false },
      }),
    ],
    // The product's own limiter (login-limiter.ts) guards sign-in; the only HTTP path left is verify-email.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true, secure: config.isProduction },
      // Set by our own code from Fastify's request.ip (proxy-aware), replacing anything a client sent.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
