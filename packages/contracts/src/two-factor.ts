import { z } from 'zod';
import { ZUser } from './auth.js';

/** Two-factor sign-in: the spec's texts (section 8) and the product's own. */
export const TWO_FACTOR_MESSAGES = {
  setupAppFailed: 'Failed to setup authenticator app',
  setupSmsFailed: 'Failed to setup SMS authentication',
  invalidCode: 'Invalid verification code',
  disableFailed: 'Failed to disable 2FA',
  sendSmsFailed: 'Failed to send SMS',
  qrGenerated: 'QR Code Generated',
  verificationCodeSent: 'Verification Code Sent',
  enabled: 'Two-factor authentication enabled successfully',
  disabled: 'Two-factor authentication disabled',
  codeSent: 'Code Sent',
  secretCopied: 'Secret key copied to clipboard',
  codeLength: 'Enter the 6-digit code',
  phoneRequired: 'Enter your phone number with its country code, e.g. +27 82 123 4567',
  alreadyEnabled: 'Two-factor authentication is already on',
  notEnabled: 'Two-factor authentication is not on',
  noSetup: 'Start the setup again: choose an authenticator app or SMS',
  codeUsed: 'This code has already been used. Wait for the next one.',
  tooManyAttempts: 'Too many incorrect codes. Please wait a few minutes and try again.',
  challengeExpired: 'Your sign-in has expired. Enter your email and password again.',
  noPhone: 'No phone number is set up for SMS codes',
  staffRequired:
    'Moderators and administrators must turn on two-factor authentication. Set it up in Security Settings.',
} as const;

export const TWO_FACTOR_CODE_LENGTH = 6;
export const BACKUP_CODE_COUNT = 10;
/** A backup code as shown at enrolment: ten letters and digits, e.g. AbC12-x9YzQ. */
export const BACKUP_CODE_PATTERN = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

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
