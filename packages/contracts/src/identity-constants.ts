/**
 * Identity verification (KYC, issue 30): the limits, field names and texts the web's form and the server
 * share, without Zod.
 */

/** What a person's identity verification is, as `users.kyc_status` stores it. */
export const ACCOUNT_KYC_STATUSES = ['unverified', 'pending', 'verified', 'rejected'] as const;
export type TKycStatus = (typeof ACCOUNT_KYC_STATUSES)[number];

/** The documents accepted; a passport has one page to show, the cards a front and a back. */
export const IDENTITY_DOCUMENT_TYPES = ['passport', 'national_id', 'drivers_license'] as const;
export type TIdentityDocumentType = (typeof IDENTITY_DOCUMENT_TYPES)[number];
export const IDENTITY_DOCUMENT_TYPE_LABELS: Record<TIdentityDocumentType, string> = {
  passport: 'Passport',
  national_id: 'National identity card',
  drivers_license: "Driver's licence",
};
export const documentNeedsBack = (type: TIdentityDocumentType) => type !== 'passport';

/** The files of a submission: the document's front (and back), and a selfie. */
export const IDENTITY_FILE_KINDS = ['front', 'back', 'selfie'] as const;
export type TIdentityFileKind = (typeof IDENTITY_FILE_KINDS)[number];
export const IDENTITY_FILE_LABELS: Record<TIdentityFileKind, string> = {
  front: 'Document front',
  back: 'Document back',
  selfie: 'Selfie',
};

/** Largest file of a submission, in bytes (each file). */
export const IDENTITY_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** The document may be a photo or a PDF scan; the selfie is a photo. Decided from the content. */
export const IDENTITY_DOCUMENT_ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';
export const IDENTITY_SELFIE_ACCEPT = 'image/jpeg,image/png,image/webp';

/** How long a manual review usually takes: shown while a submission waits. */
export const IDENTITY_REVIEW_EXPECTED_HOURS = 48;
export const IDENTITY_REJECTION_REASON_MAX_LENGTH = 500;

export const IDENTITY_MESSAGES = {
  pending: 'Your identity documents are waiting for review. You can submit again only once they are decided.',
  alreadyVerified: 'Your identity is already verified.',
  notPending: 'This submission has already been decided.',
  notFound: 'Identity verification not found.',
  documentNotFound: 'Document not found.',
  fileMissing: (label: string) => `Add the ${label.toLowerCase()}.`,
  empty: 'This file is empty. Choose another one.',
  tooLarge: 'A file is larger than 10 MB. Choose a smaller one.',
  documentType: 'The document must be a photo (JPEG, PNG or WebP) or a PDF; the content of this file is neither.',
  selfieType: 'The selfie must be a photo (JPEG, PNG or WebP); the content of this file is not.',
  unreadable: 'This image could not be read. It may be damaged; try another file.',
  unreadableUpload: 'The upload could not be read. Try again.',
  cannotReviewOwn: 'You cannot review your own identity verification.',
  notAReviewer: 'Only administrators, and moderators an administrator allowed, review identity verifications.',
  reasonRequired: 'Say why the verification is rejected: the person reads it and acts on it.',
  reasonTooLong: `A reason can be at most ${IDENTITY_REJECTION_REASON_MAX_LENGTH} characters.`,
  onlyModerators: 'Only moderators are given the review permission (administrators always have it).',
  webhookSignature: 'The webhook signature is missing or does not match.',
  webhookStale: 'The webhook timestamp is outside the allowed window.',
  providerUnavailable: 'The verification provider could not be reached. Try again in a few minutes.',
  submitted: 'Documents submitted',
  approved: 'Identity verified',
  rejected: 'Verification rejected',
} as const;
