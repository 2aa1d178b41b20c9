-- Hand-written (drizzle-kit generate --custom): each person's received reviews as a count and a sum of
-- ratings, kept by a trigger in the same database transaction as every change to reviews, so a public
-- profile and GET /api/users/{id}/reviews read one row instead of every review the person ever received.
-- Like list_versions, the table lives outside the Drizzle schema: only raw statements read it.
CREATE TABLE "review_summaries" (
  "reviewee_id" text PRIMARY KEY NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "count" bigint NOT NULL,
  "rating_sum" bigint NOT NULL
);--> statement-breakpoint
INSERT INTO "review_summaries" ("reviewee_id", "count", "rating_sum")
  SELECT "reviewee_id", count(*), sum("rating") FROM "reviews" GROUP BY "reviewee_id";--> statement-breakpoint
-- A change moves one review's count and rating from the old reviewee to the new: an insert adds one, a
-- delete takes one away. Two reviewees are locked in key order, so two changes never wait on each other
-- in opposite orders.
CREATE FUNCTION "reviews_keep_summaries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.reviewee_id = NEW.reviewee_id AND OLD.rating = NEW.rating THEN
    RETURN NULL;
  END IF;
  INSERT INTO review_summaries AS s (reviewee_id, count, rating_sum)
    SELECT k, sum(n), sum(n * r)
    FROM (VALUES (CASE WHEN TG_OP <> 'INSERT' THEN OLD.reviewee_id END, -1, OLD.rating),
                 (CASE WHEN TG_OP <> 'DELETE' THEN NEW.reviewee_id END, 1, NEW.rating)) changes (k, n, r)
    WHERE k IS NOT NULL
    GROUP BY k ORDER BY k
    ON CONFLICT (reviewee_id) DO UPDATE SET count = s.count + excluded.count, rating_sum = s.rating_sum + excluded.rating_sum;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "reviews_summaries" AFTER INSERT OR UPDATE OR DELETE ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION "reviews_keep_summaries"();
