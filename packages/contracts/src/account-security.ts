import { z } from 'zod';
import { ACCOUNT_SECURITY_MESSAGES } from './constants.js';
import { MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './messages.js';

/** POST /api/auth/forgot-password. */
export const ZForgotPasswordRequest = z.object(
  {
    email: z
      .string({ error: MESSAGES.register.allRequired })
      .trim()
      .min(1, MESSAGES.register.allRequired)
      .max(254, MESSAGES.register.invalidEmail)
      .pipe(z.email(MESSAGES.register.invalidEmail)),
  },
  { error: MESSAGES.register.allRequired },
);
export type TForgotPasswordRequest = z.input<typeof ZForgotPasswordRequest>;

export const ZForgotPasswordResponse = z.object({ ok: z.literal(true), message: z.string() });
export type TForgotPasswordResponse = z.infer<typeof ZForgotPasswordResponse>;

/** POST /api/auth/reset-password: the emailed token and a new password under the registration rules. */
export const ZResetPasswordRequest = z.object(
  {
    token: z
      .string({ error: ACCOUNT_SECURITY_MESSAGES.reset.invalidToken })
      .trim()
      .min(1, ACCOUNT_SECURITY_MESSAGES.reset.invalidToken)
      .max(200, ACCOUNT_SECURITY_MESSAGES.reset.invalidToken),
    newPassword: z
      .string({ error: ACCOUNT_SECURITY_MESSAGES.reset.required })
      .min(1, ACCOUNT_SECURITY_MESSAGES.reset.required)
      .min(PASSWORD_MIN_LENGTH, MESSAGES.register.passwordTooShort)
      .max(PASSWORD_MAX_LENGTH, MESSAGES.register.weakPassword),
  },
  { error: ACCOUNT_SECURITY_MESSAGES.reset.required },
);
export type TResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;

/** One signed-in session of the caller. `id` is the session's row id, never its token. */
export const ZAccountSession = z.object({
  id: z.string(),
  /** A short label from the user agent, e.g. 'Chrome on Windows', 'Safari on iPhone', 'Unknown device'. */
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type TAccountSession = z.infer<typeof ZAccountSession>;

/** GET /api/auth/sessions: the live sessions, the current one first, then the most recently used. */
export const ZAccountSessionsResponse = z.object({ sessions: z.array(ZAccountSession) });
export type TAccountSessionsResponse = z.infer<typeof ZAccountSessionsResponse>;

export const ZSessionIdParams = z.object({ id: z.string().min(1).max(255) });

/** POST /api/auth/sessions/revoke-others: how many sessions were signed out. */
export const ZRevokeOtherSessionsResponse = z.object({ revoked: z.number().int().nonnegative() });
export type TRevokeOtherSessionsResponse = z.infer<typeof ZRevokeOtherSessionsResponse>;
