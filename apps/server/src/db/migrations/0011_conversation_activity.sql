ALTER TABLE "transactions" ADD COLUMN "last_message_at" timestamp with time zone;--> statement-breakpoint
-- Backfill (hand-written): each conversation's newest message, before the indexes are built.
UPDATE "transactions" SET "last_message_at" = "newest"."at" FROM (SELECT "conversation_id", max("created_at") AS "at" FROM "direct_messages" GROUP BY "conversation_id") AS "newest" WHERE "newest"."conversation_id" = "transactions"."id";--> statement-breakpoint
CREATE INDEX "transactions_buyer_activity_idx" ON "transactions" USING btree ("buyer_id",coalesce("last_message_at", "created_at"),"id");--> statement-breakpoint
CREATE INDEX "transactions_seller_activity_idx" ON "transactions" USING btree ("seller_email",coalesce("last_message_at", "created_at"),"id");