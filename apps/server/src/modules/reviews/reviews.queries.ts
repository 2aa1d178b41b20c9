import { desc, eq, sql } from 'drizzle-orm';
import type { TReview, TUserReviews } from '@holdfast/contracts';
import { rowsOf, type DbOrTx } from '../../db/client.js';
import { reviews, users } from '../../db/schema/index.js';

function selectReviews(db: DbOrTx) {
  return db
    .select({
      r: reviews,
      firstName: users.firstName,
      lastName: users.lastName,
      image: users.image,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.reviewerId));
}

type Row = Awaited<ReturnType<typeof selectReviews>>[number];

const toWire = ({ r, firstName, lastName, image }: Row): TReview => ({
  id: r.id,
  transactionId: r.transactionId,
  revieweeId: r.revieweeId,
  rating: r.rating,
  comment: r.comment,
  reviewerRole: r.reviewerRole,
  createdAt: r.createdAt.toISOString(),
  reviewer: { firstName, lastName, profileImageUrl: image },
});

export async function findReview(db: DbOrTx, id: string): Promise<TReview> {
  const [row] = await selectReviews(db).where(eq(reviews.id, id));
  return toWire(row!);
}

export async function reviewsOfTransaction(db: DbOrTx, transactionId: string): Promise<TReview[]> {
  const rows = await selectReviews(db).where(eq(reviews.transactionId, transactionId)).orderBy(desc(reviews.createdAt));
  return rows.map(toWire);
}

/** How many of a person's received reviews GET /api/users/{id}/reviews lists. */
const NEWEST_REVIEWS = 100;

/**
 * How many reviews a person has received and their average rating (one decimal), from the counts the
 * reviews trigger keeps (migration 0019, a table outside the Drizzle schema): one row, however many
 * reviews the person has.
 */
export async function reviewSummaryOfUser(db: DbOrTx, userId: string): Promise<TUserReviews['summary']> {
  const [row] = await rowsOf<{ count: number; ratingSum: number }>(
    db,
    sql`select count::int as count, rating_sum::int as "ratingSum" from review_summaries where reviewee_id = ${userId}`,
  );
  const count = row?.count ?? 0;
  return { count, averageRating: count ? Math.round((row!.ratingSum / count) * 10) / 10 : null };
}

/** The newest reviews a person received, and the count and average of all of them. */
export async function reviewsOfUser(db: DbOrTx, userId: string): Promise<TUserReviews> {
  const [rows, summary] = await Promise.all([
    selectReviews(db).where(eq(reviews.revieweeId, userId)).orderBy(desc(reviews.createdAt)).limit(NEWEST_REVIEWS),
    reviewSummaryOfUser(db, userId),
  ]);
  return { reviews: rows.map(toWire), summary };
}
