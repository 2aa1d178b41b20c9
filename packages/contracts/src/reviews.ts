import { z } from 'zod';

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_COMMENT_MAX_LENGTH = 500;
/** The review dialog's labels for ratings 1 to 5. */
export const RATING_LABELS = ['Poor', 'Fair', 'Good', 'Very Good', 'Excellent'] as const;
export const ZRating = z.number().int().min(REVIEW_RATING_MIN).max(REVIEW_RATING_MAX);
