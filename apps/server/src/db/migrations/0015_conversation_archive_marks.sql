-- Each party's archive mark moves from conversation_states onto the transaction row (a conversation has
-- exactly two parties), so the conversation list's indexes can leave archived conversations out by their
-- predicate: a page no longer steps over every archived-and-quiet conversation above it.
ALTER TABLE "transactions" ADD COLUMN "buyer_archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "seller_archived_at" timestamp with time zone;--> statement-breakpoint
-- The marks are the conversations' own, like last_message_at: no page of GET /api/transactions shows them,
-- so setting one does not move the list's versions (0012_list_versions.sql).
CREATE OR REPLACE FUNCTION "transactions_bump_list_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_now transactions;
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.last_message_at IS DISTINCT FROM NEW.last_message_at
       OR OLD.buyer_archived_at IS DISTINCT FROM NEW.buyer_archived_at
       OR OLD.seller_archived_at IS DISTINCT FROM NEW.seller_archived_at)
     AND (to_jsonb(OLD) - '{last_message_at,buyer_archived_at,seller_archived_at}'::text[])
       = (to_jsonb(NEW) - '{last_message_at,buyer_archived_at,seller_archived_at}'::text[]) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD.buyer_id IS DISTINCT FROM NEW.buyer_id OR OLD.seller_email IS DISTINCT FROM NEW.seller_email) THEN
    INSERT INTO list_versions (key, version)
      SELECT k, 1 FROM (SELECT DISTINCT unnest(ARRAY['b:' || OLD.buyer_id, 's:' || OLD.seller_email,
        'b:' || NEW.buyer_id, 's:' || NEW.seller_email]) AS k) ks ORDER BY k
      ON CONFLICT (key) DO UPDATE SET version = list_versions.version + 1;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN row_now := OLD; ELSE row_now := NEW; END IF;
  INSERT INTO list_versions (key, version) VALUES ('b:' || row_now.buyer_id, 1), ('s:' || row_now.seller_email, 1)
    ON CONFLICT (key) DO UPDATE SET version = list_versions.version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
UPDATE "transactions" t SET "buyer_archived_at" = s."archived_at"
  FROM "conversation_states" s WHERE s."conversation_id" = t."id" AND s."user_id" = t."buyer_id";--> statement-breakpoint
UPDATE "transactions" t SET "seller_archived_at" = s."archived_at"
  FROM "conversation_states" s JOIN "users" u ON u."id" = s."user_id"
  WHERE s."conversation_id" = t."id" AND s."user_id" <> t."buyer_id"
    AND lower(u."email") = t."seller_email" AND u."email_verified";--> statement-breakpoint
DROP TABLE "conversation_states" CASCADE;--> statement-breakpoint
DROP INDEX "transactions_buyer_activity_idx";--> statement-breakpoint
DROP INDEX "transactions_seller_activity_idx";--> statement-breakpoint
CREATE INDEX "transactions_buyer_inbox_idx" ON "transactions" USING btree ("buyer_id",coalesce("last_message_at", "created_at"),"id") WHERE "transactions"."buyer_archived_at" IS NULL OR "transactions"."last_message_at" > "transactions"."buyer_archived_at";--> statement-breakpoint
CREATE INDEX "transactions_seller_inbox_idx" ON "transactions" USING btree ("seller_email",coalesce("last_message_at", "created_at"),"id") WHERE "transactions"."seller_archived_at" IS NULL OR "transactions"."last_message_at" > "transactions"."seller_archived_at";
