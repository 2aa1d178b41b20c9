import { z } from 'zod';
import { MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './messages.js';
import { hasControlCharacters } from './text.js';
import { LEGAL_MESSAGES } from './legal-constants.js';

export const ROLES = ['buyer', 'seller', 'moderator', 'admin'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;
/** Roles a person may choose when registering; moderators and admins are appointed. */
export const ZSelfRole = z.enum(['buyer', 'seller'], { error: MESSAGES.register.roleNotAllowed });

const required = (s: z.ZodString) => s.trim().min(1, MESSAGES.register.allRequired);
/** Names are shown to other people: no control characters (NUL, escapes), as descriptions. */
const printable = (s: z.ZodString) => s.refine((v) => !hasControlCharacters(v), MESSAGES.generic.invalidCharacters);

export const ZRegisterRequest = z
  .object(
    {
      firstName: printable(required(z.string({ error: MESSAGES.register.allRequired })).max(100)),
      lastName: printable(required(z.string({ error: MESSAGES.register.allRequired })).max(100)),
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
      /**
       * The person accepts the current Terms of Service (and has read the Privacy Policy). Omitted: taken as
       * accepted, because a client built to the spec's register call sends no such field (decision 024);
       * the web form always sends it, from a required checkbox. False is refused.
       */
      acceptTerms: z.literal(true, { error: LEGAL_MESSAGES.mustAccept }).default(true).meta({
        description:
          'Accepts the current Terms of Service. Omitted: accepted (clients built to the original register call); false: refused (400)',
      }),
    },
    { error: MESSAGES.register.allRequired },
  )
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.register.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

export const ZLoginRequest = z.object(
  {
    email: z.string({ error: MESSAGES.login.required }).trim().min(1, MESSAGES.login.required).max(254),
    password: z.string({ error: MESSAGES.login.required }).min(1, MESSAGES.login.required).max(PASSWORD_MAX_LENGTH),
  },
  { error: MESSAGES.login.required },
);
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

const profileName = z
  .string({ error: MESSAGES.profile.namesRequired })
  .trim()
  .min(1, MESSAGES.profile.namesRequired)
  .max(100)
  .refine((v) => !hasControlCharacters(v), MESSAGES.generic.invalidCharacters);
export const ZUpdateProfileRequest = z.object(
  {
    firstName: profileName,
    lastName: profileName,
    /** Accepted because the client sends it; changing the address this way is refused. */
    email: z.string().trim().max(254).optional(),
  },
  { error: MESSAGES.profile.namesRequired },
);
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

export const ZOkResponse = z.object({ ok: z.literal(true) });

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
  /** Signed in with a temporary password (a created moderator): it must be replaced before anything else. */
  mustChangePassword: z.boolean(),
  /** The version of the Terms of Service this person accepted, and when (null: never). */
  termsVersion: z.string().nullable(),
  termsAcceptedAt: z.string().nullable(),
  /** The current Terms are not accepted (new, or changed since): the app asks before anything else. */
  mustAcceptTerms: z.boolean(),
});
export type TUser = z.infer<typeof ZUser>;

/** Texts of the password change (POST /api/auth/change-password and the "Choose a new password" page). */
export const PASSWORD_CHANGE_MESSAGES = {
  required: 'Please fill in all required fields',
  wrongCurrent: 'The current password is not correct',
  sameAsCurrent: 'Choose a password different from the current one',
  mustChange: 'Choose a new password before you continue',
  changed: 'Password changed',
  failed: 'Failed to change password',
} as const;

/** POST /api/auth/change-password: the new password follows the registration rules (length, strength). */
export const ZChangePasswordRequest = z.object(
  {
    currentPassword: z
      .string({ error: PASSWORD_CHANGE_MESSAGES.required })
      .min(1, PASSWORD_CHANGE_MESSAGES.required)
      .max(PASSWORD_MAX_LENGTH, PASSWORD_CHANGE_MESSAGES.wrongCurrent),
    newPassword: z
      .string({ error: PASSWORD_CHANGE_MESSAGES.required })
      .min(1, PASSWORD_CHANGE_MESSAGES.required)
      .min(PASSWORD_MIN_LENGTH, MESSAGES.register.passwordTooShort)
      .max(PASSWORD_MAX_LENGTH, MESSAGES.register.weakPassword),
  },
  { error: PASSWORD_CHANGE_MESSAGES.required },
);
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZUserResponse = z.object({ user: ZUser });
/**
 * GET /api/auth/session: who is signed in, without a 401 for nobody (a signed-out page is not an
 * error). `sessionEnded`: the browser's session cookie was genuine but its session is over
 * (inactivity, maximum lifetime, signed out elsewhere), so the page can say why.
 */
export const ZSessionResponse = z.object({ user: ZUser.nullable(), sessionEnded: z.boolean() });
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

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
  /** A demo deployment: production running the sandbox (test cards, no real money). Shown as a banner. */
  demoPayments: z.boolean(),
  /** Moderators and admins must turn on two-factor sign-in before their pages work (REQUIRE_STAFF_2FA). */
  staffTwoFactorRequired: z.boolean(),
  /**
   * A dispute's default deadlines (DISPUTE_RESPONSE_DAYS, DISPUTE_ASSIGN_HOURS, DISPUTE_DECISION_DAYS): the
   * other party's days to respond, the hours before an unassigned case is escalated, a moderator's days to decide.
   */
  disputeClocks: z.object({ responseDays: z.number(), assignHours: z.number(), decisionDays: z.number() }),
});

/** A text message in the development outbox (two-factor codes). */
export const ZDevTextMessage = z.object({ id: z.string(), to: z.string(), text: z.string(), createdAt: z.string() });
export type TDevTextMessage = z.infer<typeof ZDevTextMessage>;
export type TPublicConfig = z.infer<typeof ZPublicConfig>;
