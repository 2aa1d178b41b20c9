import { z } from 'zod';
import { ZPartyRole } from './disputes.js';
import { hasControlCharacters } from './text.js';
import {
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_MESSAGES,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
} from './review-constants.js';

export const ZRating = z.number({ error: REVIEW_MESSAGES.invalidRating }).int(REVIEW_MESSAGES.invalidRating);

/**
 * POST /api/reviews. The spec's client sends all five fields; the server derives the reviewer's role and
 * checks `revieweeId` and `reviewerRole` against the transaction (a mismatch is refused, never trusted).
 */
export const ZCreateReviewRequest = z.object({
  transactionId: z.uuid({ error: 'Transaction not found' }),
  revieweeId: z.string().max(100).optional(),
  rating: ZRating.min(REVIEW_RATING_MIN, REVIEW_MESSAGES.invalidRating).max(
    REVIEW_RATING_MAX,
    REVIEW_MESSAGES.invalidRating,
  ),
  comment: z
    .string()
    .trim()
    .max(REVIEW_COMMENT_MAX_LENGTH, REVIEW_MESSAGES.commentTooLong)
    .refine((s) => !hasControlCharacters(s), REVIEW_MESSAGES.invalidCharacters)
    .nullish()
    .transform((s) => (s ? s : null)),
  reviewerRole: ZPartyRole.optional(),
});
export type TCreateReviewRequest = z.input<typeof ZCreateReviewRequest>;

/** The spec's Review. */
export const ZReview = z.object({
  id: z.string(),
  transactionId: z.string(),
  revieweeId: z.string(),
  rating: z.number(),
  comment: z.string().nullable(),
  reviewerRole: ZPartyRole,
  createdAt: z.string(),
  reviewer: z.object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
  }),
});
export type TReview = z.infer<typeof ZReview>;
export const ZReviewList = z.array(ZReview);

/** GET /api/users/{id}/reviews: what anyone may read about a person (no emails). */
export const ZUserReviews = z.object({
  reviews: ZReviewList,
  summary: z.object({ count: z.number(), averageRating: z.number().nullable() }),
});
export type TUserReviews = z.infer<typeof ZUserReviews>;
