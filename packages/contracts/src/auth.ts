import { z } from 'zod';
import { MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './messages.js';

export const ROLES = ['buyer', 'seller', 'moderator', 'admin'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;
/** Roles a person may choose when registering; moderators and admins are appointed. */
export const ZSelfRole = z.enum(['buyer', 'seller']);

const required = (s: z.ZodString) => s.trim().min(1, MESSAGES.register.allRequired);

export const ZRegisterRequest = z
  .object({
    firstName: required(z.string({ error: MESSAGES.register.allRequired })).max(100),
    lastName: required(z.string({ error: MESSAGES.register.allRequired })).max(100),
    email: required(z.string({ error: MESSAGES.register.allRequired }))
      .max(254)
      .pipe(z.email(MESSAGES.register.invalidEmail)),
    password: z
      .string({ error: MESSAGES.register.allRequired })
      .min(1, MESSAGES.register.allRequired)
      .min(PASSWORD_MIN_LENGTH, MESSAGES.register.passwordTooShort)
      .max(PASSWORD_MAX_LENGTH, MESSAGES.register.weakPassword),
    confirmPassword: z.string({ error: MESSAGES.register.allRequired }).min(1, MESSAGES.register.allRequired),
    role: ZSelfRole.default('buyer'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.register.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

export const ZLoginRequest = z.object({
  email: z.string({ error: MESSAGES.login.required }).trim().min(1, MESSAGES.login.required).max(254),
  password: z.string({ error: MESSAGES.login.required }).min(1, MESSAGES.login.required).max(PASSWORD_MAX_LENGTH),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZUpdateProfileRequest = z.object({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  email: z.string().trim().optional(),
});

export const ZUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: ZRole,
  twoFactorEnabled: z.boolean(),
  twoFactorMethod: z.enum(['app', 'sms']).nullable(),
  phoneNumber: z.string().nullable(),
  walletBalance: z.string(),
  walletCurrency: z.string(),
  phoneVerified: z.boolean(),
  emailVerified: z.boolean(),
  kycStatus: z.string(),
  createdAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZUserResponse = z.object({ user: ZUser });

export const ZMailboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  createdAt: z.string(),
});
export type TMailboxMessage = z.infer<typeof ZMailboxMessage>;

/** Runtime settings the web app reads from the server (GET /api/config). */
export const ZPublicConfig = z.object({
  sessionIdleTimeoutMs: z.number(),
  sessionWarningMs: z.number(),
  paymentsProvider: z.enum(['sandbox', 'stripe']),
  stripePublishableKey: z.string().nullable(),
  devMailbox: z.boolean(),
});
export type TPublicConfig = z.infer<typeof ZPublicConfig>;
