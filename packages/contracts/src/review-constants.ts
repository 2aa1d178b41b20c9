/**
 * The review values the web shows without Zod: the rating range and labels, the comment limit and the
 * texts. The schemas in `reviews.ts` are built on these (their one home).
 */
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_COMMENT_MAX_LENGTH = 500;
export const DEFAULT_REVIEW_RATING = 5;
/** The review dialog's labels for ratings 1 to 5. */
export const RATING_LABELS = ['Poor', 'Fair', 'Good', 'Very Good', 'Excellent'] as const;

/** Texts the server answers with for review rules; the UI may show them verbatim. */
export const REVIEW_MESSAGES = {
  invalidRating: 'Invalid Rating: Please select a rating between 1 and 5 stars',
  commentTooLong: `Comment must be at most ${REVIEW_COMMENT_MAX_LENGTH} characters`,
  invalidCharacters: 'Comment contains characters that are not allowed',
  notCompleted: 'Reviews open once the transaction is completed',
  alreadyReviewed: 'You have already reviewed this transaction',
  wrongReviewee: 'You can only review the other party of this transaction',
  staffCannotReview: 'Only the buyer and the seller can review this transaction',
} as const;
