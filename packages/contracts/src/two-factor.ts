import { z } from 'zod';
import { ZUser } from './auth.js';
import { BACKUP_CODE_PATTERN, TWO_FACTOR_MESSAGES } from './constants.js';

export const ZTwoFactorMethod = z.enum(['app', 'sms']);
export type TTwoFactorMethod = z.infer<typeof ZTwoFactorMethod>;

/** E.164: a plus, a country code, up to 15 digits; spaces, dots, dashes and brackets are ignored. */
export const ZPhoneNumber = z
  .string({ error: TWO_FACTOR_MESSAGES.phoneRequired })
  .trim()
  .transform((v) => v.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, TWO_FACTOR_MESSAGES.phoneRequired));

/** The 6-character rule of the verify step (spec section 5): exactly six digits. */
export const ZTwoFactorCode = z
  .string({ error: TWO_FACTOR_MESSAGES.codeLength })
  .trim()
  .regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeLength);

export const ZTwoFactorSetupSmsRequest = z.object(
  { phoneNumber: ZPhoneNumber },
  { error: TWO_FACTOR_MESSAGES.phoneRequired },
);
export type TTwoFactorSetupSmsRequest = z.input<typeof ZTwoFactorSetupSmsRequest>;

export const ZTwoFactorCodeRequest = z.object({ code: ZTwoFactorCode }, { error: TWO_FACTOR_MESSAGES.codeLength });
export type TTwoFactorCodeRequest = z.input<typeof ZTwoFactorCodeRequest>;

/** Disabling takes a current code, or one of the backup codes when the phone is lost. */
export const ZTwoFactorDisableRequest = z.object(
  {
    code: z
      .string({ error: TWO_FACTOR_MESSAGES.codeLength })
      .trim()
      .refine((v) => /^\d{6}$/.test(v) || BACKUP_CODE_PATTERN.test(v), TWO_FACTOR_MESSAGES.codeLength),
  },
  { error: TWO_FACTOR_MESSAGES.codeLength },
);

/** The second step of sign-in: the code from the app or SMS, or a backup code. */
export const ZTwoFactorSignInRequest = ZTwoFactorDisableRequest;
export type TTwoFactorSignInRequest = z.input<typeof ZTwoFactorSignInRequest>;

/** POST /api/auth/2fa/setup/app: the QR code (an image data URL) and its secret; backup codes to show once. */
export const ZTwoFactorSetupAppResponse = z.object({
  qrCode: z.string(),
  secret: z.string(),
  otpauthUrl: z.string(),
  backupCodes: z.array(z.string()),
});
export type TTwoFactorSetupAppResponse = z.infer<typeof ZTwoFactorSetupAppResponse>;

/** POST /api/auth/2fa/setup/sms: the code went out; the number it went to, masked; backup codes to show once. */
export const ZTwoFactorSetupSmsResponse = z.object({
  sent: z.literal(true),
  phoneNumber: z.string(),
  backupCodes: z.array(z.string()),
});
export type TTwoFactorSetupSmsResponse = z.infer<typeof ZTwoFactorSetupSmsResponse>;

export const ZTwoFactorSentResponse = z.object({ sent: z.literal(true), phoneNumber: z.string() });

/**
 * Sign-in: either the user (signed in), or a second step is needed (no session yet; a short-lived
 * challenge cookie carries the first step). For SMS the code has been sent.
 */
export const ZLoginResponse = z.union([
  z.object({ user: ZUser }),
  z.object({
    twoFactorRequired: z.literal(true),
    method: ZTwoFactorMethod,
    phoneNumber: z.string().nullable(),
  }),
]);
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** +27821234567 → +27 ••• ••• 567: enough for a person to recognise their number. */
export function maskPhoneNumber(phone: string): string {
  return phone.length <= 6 ? phone : `${phone.slice(0, 3)} ••• ••• ${phone.slice(-3)}`;
}
