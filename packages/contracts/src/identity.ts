import { z } from 'zod';
import {
  IDENTITY_DOCUMENT_TYPES,
  IDENTITY_FILE_KINDS,
  IDENTITY_MESSAGES as M,
  IDENTITY_REJECTION_REASON_MAX_LENGTH,
  ACCOUNT_KYC_STATUSES,
} from './identity-constants.js';
import { hasControlCharacters } from './text.js';
import { ZSanctionsMatch } from './withdrawal-reviews.js';

export const ZKycStatus = z.enum(ACCOUNT_KYC_STATUSES);
export const ZIdentityDocumentType = z.enum(IDENTITY_DOCUMENT_TYPES);
export const ZIdentityFileKind = z.enum(IDENTITY_FILE_KINDS);

const plain = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} can be at most ${max} characters`)
    .refine((v) => !hasControlCharacters(v), 'Remove the control characters from this text');

/** The age a person must have to hold an account that moves money. */
export const IDENTITY_MIN_AGE_YEARS = 18;

/** Whether `iso` (YYYY-MM-DD) is a real calendar date at least 18 and at most 130 years before `today`. */
export function isPlausibleBirthDate(iso: string, today = new Date()): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return false;
  const adult = new Date(Date.UTC(y + IDENTITY_MIN_AGE_YEARS, mo - 1, d));
  const oldest = new Date(Date.UTC(today.getUTCFullYear() - 130, 0, 1));
  return adult.getTime() <= today.getTime() && date.getTime() >= oldest.getTime();
}

/**
 * What the person types (the text fields of the multipart submission; the files come beside them). The
 * server parses the form's fields with this same schema.
 */
export const ZIdentitySubmissionFields = z.object({
  legalName: plain('Legal name', 200),
  dateOfBirth: z
    .string()
    .trim()
    .refine((v) => isPlausibleBirthDate(v), `Enter your date of birth (YYYY-MM-DD); you must be at least 18`),
  addressLine: plain('Address', 200),
  city: plain('City', 100),
  postalCode: plain('Postal code', 20),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Choose a country'),
  documentType: ZIdentityDocumentType,
});
export type TIdentitySubmissionFields = z.infer<typeof ZIdentitySubmissionFields>;

export const ZIdentityDocument = z.object({
  id: z.string(),
  kind: ZIdentityFileKind,
  contentType: z.string(),
  size: z.number().int(),
  /** Where the file is served (owner and reviewing staff only, never cached). */
  url: z.string(),
});
export type TIdentityDocument = z.infer<typeof ZIdentityDocument>;

/** One submission as the person and the reviewers see it. */
export const ZIdentitySubmission = ZIdentitySubmissionFields.extend({
  id: z.string(),
  status: z.enum(['pending', 'verified', 'rejected']),
  provider: z.enum(['manual', 'hosted']),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Why it was rejected, for the person to act on; null otherwise. */
  rejectionReason: z.string().nullable(),
  /** The files (none once they were deleted after the retention period, or when a hosted provider holds them). */
  documents: z.array(ZIdentityDocument),
  /** When the files were deleted (KYC_RETENTION_DAYS after the decision); the decision stays. */
  documentsDeletedAt: z.string().nullable(),
});
export type TIdentitySubmission = z.infer<typeof ZIdentitySubmission>;

/** GET /api/verification/identity: the person's state and their latest submission. */
export const ZIdentityVerificationState = z.object({
  kycStatus: ZKycStatus,
  /** `manual`: documents uploaded here, reviewed by staff; `hosted`: the provider's own pages collect them. */
  provider: z.enum(['manual', 'hosted']),
  /** How long a review usually takes, in hours. */
  expectedReviewHours: z.number().int(),
  /** Days the documents are kept after a decision (KYC_RETENTION_DAYS). */
  retentionDays: z.number().int(),
  latest: ZIdentitySubmission.nullable(),
});
export type TIdentityVerificationState = z.infer<typeof ZIdentityVerificationState>;

/** POST /api/verification/identity answer; `redirectUrl` with the hosted provider (go there next). */
export const ZIdentitySubmitResponse = ZIdentityVerificationState.extend({ redirectUrl: z.string().nullable() });
export type TIdentitySubmitResponse = z.infer<typeof ZIdentitySubmitResponse>;

/** A pending submission in the staff queue. */
export const ZIdentityReviewListItem = z.object({
  /** Whether the legal name is a possible sanctions match (the review shows which). */
  possibleSanctionsMatch: z.boolean(),
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  legalName: z.string(),
  documentType: ZIdentityDocumentType,
  country: z.string(),
  submittedAt: z.string(),
});
export const ZIdentityReviewList = z.object({ reviews: z.array(ZIdentityReviewListItem) });
export type TIdentityReviewList = z.infer<typeof ZIdentityReviewList>;

/** One submission for review: what the person typed, their account, the files. */
export const ZIdentityReview = ZIdentitySubmission.extend({
  /** The legal name's possible sanctions matches (staff only: the person is never told what matched). */
  sanctionsMatches: z.array(ZSanctionsMatch),
  /** Why a submission the hosted provider approved still waits for a reviewer; null otherwise. */
  heldReason: z.string().nullable(),
  user: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    createdAt: z.string(),
  }),
  decidedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type TIdentityReview = z.infer<typeof ZIdentityReview>;

export const ZIdentityReviewParams = z.object({ id: z.uuid() });
export const ZIdentityDocumentParams = z.object({ id: z.uuid() });

export const ZRejectIdentityRequest = z.object({
  reason: z
    .string()
    .trim()
    .min(1, M.reasonRequired)
    .max(IDENTITY_REJECTION_REASON_MAX_LENGTH, M.reasonTooLong)
    .refine((v) => !hasControlCharacters(v), 'Remove the control characters from this text'),
});
export type TRejectIdentityRequest = z.infer<typeof ZRejectIdentityRequest>;

/** Moderators and whether each may review identity verifications (admins always may). */
export const ZIdentityReviewerList = z.object({
  moderators: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      allowed: z.boolean(),
    }),
  ),
});
export type TIdentityReviewerList = z.infer<typeof ZIdentityReviewerList>;
export const ZIdentityReviewerParams = z.object({ userId: z.string().min(1).max(64) });
export const ZSetIdentityReviewerRequest = z.object({ allowed: z.boolean() });

/** Whether the caller may review identity verifications (the web shows the queue only then). */
export const ZIdentityReviewAccess = z.object({ mayReview: z.boolean() });
