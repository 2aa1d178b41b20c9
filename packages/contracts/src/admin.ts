import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './messages.js';
import { hasControlCharacters } from './text.js';

/** GET /api/admin/stats: platform figures for administrators. Amounts are decimal strings. */
export const ZAdminStats = z.object({
  users: z.object({
    total: z.number(),
    buyers: z.number(),
    sellers: z.number(),
    moderators: z.number(),
    admins: z.number(),
  }),
  transactions: z.object({
    total: z.number(),
    pending: z.number(),
    active: z.number(),
    completed: z.number(),
    disputed: z.number(),
    cancelled: z.number(),
  }),
  /** The platform's fee accounts: fees earned on released transactions, per currency. */
  fees: z.array(z.object({ currency: z.string(), balance: z.string() })),
  /** Money currently held in escrow, per currency. */
  escrow: z.array(z.object({ currency: z.string(), balance: z.string() })),
});
export type TAdminStats = z.infer<typeof ZAdminStats>;

/** Texts of the admin area (spec sections 5 and 8); the UI shows them verbatim. */
export const ADMIN_MESSAGES = {
  required: 'Please fill in all required fields',
  invalidEmail: 'Invalid email address',
  passwordTooShort: 'The temporary password must be at least 6 characters',
  weakPassword: 'The temporary password is too easy to guess',
  emailInUse: 'An account with this email already exists',
  moderatorCreated: 'Moderator account created successfully',
  createFailed: 'Failed to create moderator account',
} as const;

const requiredName = z
  .string({ error: ADMIN_MESSAGES.required })
  .trim()
  .min(1, ADMIN_MESSAGES.required)
  .max(100, 'At most 100 characters')
  .refine((v) => !hasControlCharacters(v), 'Remove the control characters (such as NUL) from this text');

/**
 * POST /api/admin/create-moderator: a verified moderator account with a temporary password that must be
 * changed at the first sign-in. Spec section 5: all but the phone required.
 */
export const ZCreateModeratorRequest = z.object(
  {
    firstName: requiredName,
    lastName: requiredName,
    email: z
      .string({ error: ADMIN_MESSAGES.required })
      .trim()
      .min(1, ADMIN_MESSAGES.required)
      .max(254, ADMIN_MESSAGES.invalidEmail)
      .pipe(z.email(ADMIN_MESSAGES.invalidEmail)),
    phone: z
      .string()
      .trim()
      .max(40, 'At most 40 characters')
      .nullish()
      .transform((v) => (v ? v : null)),
    tempPassword: z
      .string({ error: ADMIN_MESSAGES.required })
      .min(1, ADMIN_MESSAGES.required)
      .min(PASSWORD_MIN_LENGTH, ADMIN_MESSAGES.passwordTooShort)
      .max(PASSWORD_MAX_LENGTH, ADMIN_MESSAGES.weakPassword),
  },
  { error: ADMIN_MESSAGES.required },
);
export type TCreateModeratorRequest = z.input<typeof ZCreateModeratorRequest>;

/** The spec's moderator account. */
export const ZModerator = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  /** Still has to replace the temporary password it was created with. */
  mustChangePassword: z.boolean(),
});
export type TModerator = z.infer<typeof ZModerator>;

export const ZModeratorList = z.array(ZModerator);
