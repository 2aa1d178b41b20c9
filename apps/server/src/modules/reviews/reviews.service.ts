import { and, eq } from 'drizzle-orm';
import {
  REVIEW_MESSAGES as M,
  TRANSACTION_MESSAGES,
  type TCreateReviewRequest,
  type TReview,
  type TUserReviews,
} from '@holdfast/contracts';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { reviews, transactions } from '../../db/schema/index.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { AppError, appError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { withStoredAnswer, type StoreAnswer } from '../../lib/idempotency.js';
import { assertReviewable, findTransactionView, relationOf } from '../transactions/index.js';
import { findReview, reviewSummaryOfUser, reviewsOfTransaction, reviewsOfUser } from './reviews.queries.js';

/** PostgreSQL's unique_violation: the (transaction, reviewer) index refused a second review. */
const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';

/**
 * Reviews: after a completed transaction each party reviews the other once. Who reviews whom comes from the
 * transaction and the caller, never from the client.
 */
export function createReviewsService({ db, clock }: { db: Db; clock: Clock }) {
  async function create(
    user: SessionUser,
    input: TCreateReviewRequest,
    answer?: StoreAnswer<TReview>,
  ): Promise<TReview> {
    const [t] = await db.select().from(transactions).where(eq(transactions.id, input.transactionId));
    if (!t) throw notFound(TRANSACTION_MESSAGES.notFound);
    const rel = relationOf(t, user);
    if (!rel.isBuyer && !rel.isSeller) {
      if (rel.isUnverifiedSeller) throw new AppError('EMAIL_NOT_VERIFIED', TRANSACTION_MESSAGES.verifyEmailFirst);
      if (rel.viewerRole) throw forbidden(M.staffCannotReview);
      throw notFound(TRANSACTION_MESSAGES.notFound);
    }
    const reviewerRole = rel.isBuyer ? 'buyer' : 'seller';
    const revieweeId = rel.isBuyer ? t.sellerId : t.buyerId;
    assertReviewable(t.status, revieweeId);
    if (input.revieweeId !== undefined && input.revieweeId !== revieweeId) {
      throw badRequest(M.wrongReviewee, { revieweeId: M.wrongReviewee });
    }
    if (input.reviewerRole !== undefined && input.reviewerRole !== reviewerRole) {
      throw badRequest(M.wrongReviewee, { reviewerRole: M.wrongReviewee });
    }
    const exists = await db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.transactionId, t.id), eq(reviews.reviewerId, user.id)));
    if (exists.length) throw appError('ALREADY_REVIEWED', M.alreadyReviewed);
    try {
      return await withStoredAnswer(db, answer, async (on) => {
        const [row] = await on
          .insert(reviews)
          .values({
            transactionId: t.id,
            reviewerId: user.id,
            revieweeId,
            reviewerRole,
            rating: input.rating,
            comment: (input.comment as string | null | undefined) ?? null,
          })
          .returning({ id: reviews.id });
        return findReview(on, row.id);
      });
    } catch (err) {
      // Two submissions at once: the unique index lets one through.
      if (isUniqueViolation(err) || isUniqueViolation((err as { cause?: unknown }).cause)) {
        throw appError('ALREADY_REVIEWED', M.alreadyReviewed);
      }
      throw err;
    }
  }

  /** The transaction's reviews, for those who may see the transaction (strangers: 404). */
  async function ofTransaction(user: SessionUser, transactionId: string): Promise<TReview[]> {
    const view = await findTransactionView(db, transactionId, user, clock.now());
    if (!view) throw notFound(TRANSACTION_MESSAGES.notFound);
    return reviewsOfTransaction(db, transactionId);
  }

  /** Public: the reviews a person received and their average. */
  async function ofUser(userId: string): Promise<TUserReviews> {
    if (userId.length > 100) return { reviews: [], summary: { count: 0, averageRating: null } };
    return reviewsOfUser(db, userId);
  }

  /** Public: how many reviews a person received and their average, without the reviews. */
  async function summaryOf(userId: string): Promise<TUserReviews['summary']> {
    return reviewSummaryOfUser(db, userId);
  }

  return { create, ofTransaction, ofUser, summaryOf };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
