import { z } from 'zod';
import { hasControlCharacters } from './text.js';

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ZApplicationStatus = z.enum(APPLICATION_STATUSES);
export type TApplicationStatus = z.infer<typeof ZApplicationStatus>;

/** Texts of the moderator application (spec sections 4, 5 and 8); the UI shows them verbatim. */
export const APPLICATION_MESSAGES = {
  required: 'Please fill in all required fields',
  invalidEmail: 'Invalid Email: Please enter a valid email address',
  invalidCharacters: 'Remove the control characters (such as NUL) from this text',
  submitted: 'Application Submitted!',
  confirmAddress: 'Confirm your email address: the application reaches our team once you open the link we sent to',
  confirmed: 'Email address confirmed: your application is with our team.',
  confirmationInvalid: 'This confirmation link is invalid or has expired. Please apply again.',
  submitFailed: 'Submission Failed: Failed to submit application',
  reviewTime: 'Applications are reviewed within 3-5 business days.',
  alreadyPending: 'An application with this email address is already waiting for review',
  alreadyReviewed: 'This application has already been reviewed',
  notFound: 'Application not found',
  chooseDecision: 'Choose approve or reject',
  reviewed: 'Application reviewed successfully',
  reviewFailed: 'Failed to review application',
  tooMany: 'Too many applications were sent from this network. Please try again later',
} as const;

export const APPLICATION_TEXT_MAX_LENGTH = 2000;

/** Trimmed, non-blank, printable text up to `max` characters. */
const requiredText = (max: number) =>
  z
    .string({ error: APPLICATION_MESSAGES.required })
    .trim()
    .min(1, APPLICATION_MESSAGES.required)
    .max(max, `At most ${max} characters`)
    .refine((v) => !hasControlCharacters(v), APPLICATION_MESSAGES.invalidCharacters);

/**
 * POST /api/moderator-applications (public). Spec section 5: every field but the phone is required
 * ('Please fill in all required fields'); the email must be an address ('Invalid Email: ...').
 */
export const ZModeratorApplicationRequest = z.object(
  {
    firstName: requiredText(100),
    lastName: requiredText(100),
    email: z
      .string({ error: APPLICATION_MESSAGES.required })
      .trim()
      .min(1, APPLICATION_MESSAGES.required)
      .max(254, APPLICATION_MESSAGES.invalidEmail)
      .pipe(z.email(APPLICATION_MESSAGES.invalidEmail)),
    phone: z
      .string()
      .trim()
      .max(40, 'At most 40 characters')
      .refine((v) => !hasControlCharacters(v), APPLICATION_MESSAGES.invalidCharacters)
      .nullish()
      .transform((v) => (v ? v : null)),
    experience: requiredText(APPLICATION_TEXT_MAX_LENGTH),
    motivation: requiredText(APPLICATION_TEXT_MAX_LENGTH),
    availability: requiredText(200),
    languages: requiredText(200),
  },
  { error: APPLICATION_MESSAGES.required },
);
export type TModeratorApplicationRequest = z.input<typeof ZModeratorApplicationRequest>;

/** The answer to a submitted application. */
export const ZModeratorApplicationReceipt = z.object({
  id: z.string(),
  email: z.string(),
  status: ZApplicationStatus,
  createdAt: z.string(),
  /** True until the applicant opens the emailed link (a signed-in applicant's own verified address needs none). */
  confirmationRequired: z.boolean(),
});

/** How long the emailed confirmation link of an application works. */
export const APPLICATION_CONFIRMATION_HOURS = 48;
export type TModeratorApplicationReceipt = z.infer<typeof ZModeratorApplicationReceipt>;

/** The spec's moderator application, as administrators see it. */
export const ZModeratorApplication = z.object({
  id: z.string(),
  /** The signed-in account that applied, when there was one. */
  userId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  experience: z.string(),
  motivation: z.string(),
  availability: z.string(),
  languages: z.string(),
  status: ZApplicationStatus,
  reviewNotes: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z
    .object({ id: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() })
    .nullable(),
  createdAt: z.string(),
});
export type TModeratorApplication = z.infer<typeof ZModeratorApplication>;

export const ZModeratorApplicationList = z.array(ZModeratorApplication);

export const ZApplicationParams = z.object({ id: z.uuid({ error: APPLICATION_MESSAGES.notFound }) });

/** PATCH /api/admin/moderator-applications/{id}: an admin decides a pending application once. */
export const ZReviewApplicationRequest = z.object({
  status: z.enum(['approved', 'rejected'], { error: APPLICATION_MESSAGES.chooseDecision }),
  notes: z
    .string()
    .trim()
    .max(1000, 'Notes must be at most 1000 characters')
    .refine((v) => !hasControlCharacters(v), APPLICATION_MESSAGES.invalidCharacters)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type TReviewApplicationRequest = z.input<typeof ZReviewApplicationRequest>;

/**
 * What approving did to the applicant's account: `promoted` (a verified account with the address is a
 * moderator now), `invited` (no verified account yet: an invitation was emailed; the account becomes a
 * moderator once it verifies the address), or null (rejected, or the account already had the powers).
 */
export const ZApplicationAccountOutcome = z.enum(['promoted', 'invited']).nullable();

export const ZReviewApplicationResponse = z.object({
  application: ZModeratorApplication,
  account: ZApplicationAccountOutcome,
});
export type TReviewApplicationResponse = z.infer<typeof ZReviewApplicationResponse>;
