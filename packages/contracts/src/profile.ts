import { z } from 'zod';
import { ZTransactionStatus } from './transactions.js';

/**
 * Profile settings and public profiles (spec sections 2, 3, 5, 7 and 9): the picture, the public URL
 * (slug), whether the transaction history is public, and what anyone may read about a person.
 */

/** Spec section 9: profile picture at most 5 MB. */
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** The multipart field the picture travels in (spec section 7). */
export const PROFILE_PICTURE_FIELD = 'profilePicture';
/** Image types accepted, as decided from the file's content (never its name or declared type). */
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type TProfilePictureType = (typeof PROFILE_PICTURE_TYPES)[number];
/** What the file picker offers; the server decides from the bytes anyway. */
export const PROFILE_PICTURE_ACCEPT = PROFILE_PICTURE_TYPES.join(',');

export const PROFILE_SLUG_MIN_LENGTH = 3;
export const PROFILE_SLUG_MAX_LENGTH = 50;
/** Lowercase letters, digits and hyphens, neither starting nor ending with a hyphen. */
const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** Texts of the profile pages and of the server's answers; the UI shows them verbatim. */
export const PROFILE_MESSAGES = {
  fileTooLarge: { title: 'File Too Large', description: 'Please select an image smaller than 5MB.' },
  invalidFileType: { title: 'Invalid File Type', description: 'Please select an image file (JPG, PNG, GIF).' },
  noFile: 'Please select an image to upload',
  unreadableUpload: 'The upload could not be read. Please select the image again',
  slugHint: '3-50 characters, lowercase letters, numbers, and hyphens only',
  invalidSlug:
    'Profile URL must be 3-50 characters, lowercase letters, numbers, and hyphens only, and cannot start or end with a hyphen',
  slugTaken: 'This profile URL is already taken. Please choose another one.',
  profileNotFound: 'Profile not found',
  pictureNotFound: 'Picture not found',
  settingsUpdated: 'Settings Updated',
  profileUrlUpdated: 'Profile URL Updated',
  pictureUpdated: 'Profile Picture Updated',
  copied: 'Copied!',
  settingsFailed: 'Failed to update settings',
  profileUrlFailed: 'Failed to update profile URL',
  uploadFailed: 'Failed to upload profile picture',
  fetchProfileFailed: 'Failed to fetch profile',
  fetchTransactionsFailed: 'Failed to fetch transactions',
} as const;

/** "Title: description", the one-line form the server answers with (as 'Invalid Rating: ...'). */
export const messageLine = (m: { title: string; description: string }) => `${m.title}: ${m.description}`;

/** What the slug input keeps of what people type: lower-cased, anything but a-z, 0-9 and '-' dropped. */
export function sanitizeSlugInput(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9-]/g, '');
}

/** True when `slug` follows the spec's rule (section 5). */
export function isValidProfileSlug(slug: string): boolean {
  return slug.length >= PROFILE_SLUG_MIN_LENGTH && slug.length <= PROFILE_SLUG_MAX_LENGTH && SLUG_PATTERN.test(slug);
}

/** Is a picture of this declared type and size acceptable? The browser's early check (same texts as the server). */
export function pictureProblem(file: { type: string; size: number }): { title: string; description: string } | null {
  if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) return PROFILE_MESSAGES.invalidFileType;
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return PROFILE_MESSAGES.fileTooLarge;
  return null;
}

/**
 * POST /api/user/update-profile-slug. The body's shape only: the slug rule itself is the service's, so a
 * broken rule answers with its own code (INVALID_SLUG) and the spec's hint rather than a generic one.
 */
export const ZUpdateProfileSlugRequest = z.object({
  slug: z
    .string({ error: PROFILE_MESSAGES.invalidSlug })
    .max(200, PROFILE_MESSAGES.invalidSlug)
    .meta({
      description: `${PROFILE_MESSAGES.slugHint}; not starting or ending with a hyphen (INVALID_SLUG otherwise, SLUG_TAKEN when another account has it)`,
      example: 'brave-otter-42',
    }),
});
export type TUpdateProfileSlugRequest = z.infer<typeof ZUpdateProfileSlugRequest>;

/** POST /api/user/toggle-public-history. */
export const ZTogglePublicHistoryRequest = z.object({ enabled: z.boolean() });
export type TTogglePublicHistoryRequest = z.infer<typeof ZTogglePublicHistoryRequest>;

/** GET /api/user/profile-settings (spec section 3: Profile settings), also the answer of both updates. */
export const ZProfileSettings = z.object({
  publicHistoryEnabled: z.boolean(),
  publicProfileSlug: z.string().nullable(),
});
export type TProfileSettings = z.infer<typeof ZProfileSettings>;

/** POST /api/user/upload-profile-picture: where the new picture is served (the user's profileImageUrl). */
export const ZUploadProfilePictureResponse = z.object({ profileImageUrl: z.string() });
export type TUploadProfilePictureResponse = z.infer<typeof ZUploadProfilePictureResponse>;

/** KYC as shown publicly (spec section 4): verified, pending, rejected, otherwise unknown. */
export const KYC_STATUSES = ['verified', 'pending', 'rejected', 'unknown'] as const;
export const ZPublicKycStatus = z.enum(KYC_STATUSES);
export type TPublicKycStatus = z.infer<typeof ZPublicKycStatus>;
export const publicKycStatus = (stored: string | null | undefined): TPublicKycStatus =>
  (KYC_STATUSES as readonly string[]).includes(stored ?? '') ? (stored as TPublicKycStatus) : 'unknown';

/**
 * GET /api/public/profile/{slug}: the spec's Public profile, its transaction statistics and the reviews
 * it received. Everything here is public: never an email, a wallet, a role or any other private field.
 */
export const ZPublicProfile = z.object({
  user: z.object({ id: z.string() }),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  publicProfileSlug: z.string(),
  createdAt: z.string(),
  verificationStats: z.object({
    emailVerified: z.boolean(),
    phoneVerified: z.boolean(),
    kycStatus: ZPublicKycStatus,
  }),
  /**
   * Every transaction the person is a party to, public history or not. The success rate counts finished
   * deals only (decision 032), in whole percent; null while none has finished ("No completed deals yet").
   */
  stats: z.object({
    totalTransactions: z.number().int(),
    completed: z.number().int(),
    successRate: z.number().int().nullable(),
  }),
  /** Reviews the person received: their number and average rating (one decimal; null without any). */
  reviews: z.object({ count: z.number().int(), averageRating: z.number().nullable() }),
});
export type TPublicProfile = z.infer<typeof ZPublicProfile>;

/** One entry of a public transaction history (spec section 3: Public transaction). */
export const ZPublicTransaction = z.object({
  id: z.string(),
  status: ZTransactionStatus,
  currency: z.string(),
  /** Decimal string in major units of `currency`. */
  amount: z.string(),
  /** The profile owner's side of the deal. */
  role: z.enum(['buyer', 'seller']),
  description: z.string(),
  /** The other party as first name and last initial ("Thandi N."); never an email. */
  counterpartyName: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type TPublicTransaction = z.infer<typeof ZPublicTransaction>;

/** GET /api/public/profile/{slug}/transactions: newest first; empty unless the owner made it public. */
export const ZPublicTransactionList = z.array(ZPublicTransaction);

export const ZProfileSlugParams = z.object({ slug: z.string().max(200) });
