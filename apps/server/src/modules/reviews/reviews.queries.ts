import { avg, count, desc, eq } from 'drizzle-orm';
import type { TReview } from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
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

export async function reviewsOfUser(db: DbOrTx, userId: string) {
  const rows = await selectReviews(db)
    .where(eq(reviews.revieweeId, userId))
    .orderBy(desc(reviews.createdAt))
    .limit(100);
  const [summary] = await db
    .select({ count: count(), average: avg(reviews.rating) })
    .from(reviews)
    .where(eq(reviews.revieweeId, userId));
  const average = summary?.average === null || summary?.average === undefined ? null : Number(summary.average);
  return {
    reviews: rows.map(toWire),
    summary: { count: summary?.count ?? 0, averageRating: average === null ? null : Math.round(average * 10) / 10 },
  };
}
