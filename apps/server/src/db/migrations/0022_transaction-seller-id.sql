ALTER TABLE "transactions" ADD COLUMN "seller_id" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_seller_id_idx" ON "transactions" USING btree ("seller_id");--> statement-breakpoint
-- Hand-written below the generated lines: the seller is the account whose verified email equals the
-- transaction's seller email (DESIGN section 5). seller_id stores that account, and the database keeps it
-- so in the same database transaction as every change that could alter the answer: a new transaction,
-- and an account's email or verification changing (verification link, password reset, staff accounts,
-- or SQL by hand). The code reads seller_id and never writes it.
-- The backfill changes no list (each already showed the seller it found by email), so no list version moves.
ALTER TABLE "transactions" DISABLE TRIGGER "list_versions_of_transactions";--> statement-breakpoint
UPDATE "transactions" t SET "seller_id" = u."id"
  FROM (SELECT DISTINCT ON (lower("email")) "id", lower("email") AS "email" FROM "users"
        WHERE "email_verified" ORDER BY lower("email"), "id") u
  WHERE u."email" = t."seller_email";--> statement-breakpoint
ALTER TABLE "transactions" ENABLE TRIGGER "list_versions_of_transactions";--> statement-breakpoint
-- A new transaction names the account holding its seller email verified. The account row is locked (FOR
-- SHARE, verified or not), so a verification under way either commits first and is read here, or waits
-- for this transaction to commit and then finds it: neither misses the other.
CREATE FUNCTION "transactions_set_seller_id"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account_id text;
  verified boolean;
BEGIN
  SELECT "id", "email_verified" INTO account_id, verified FROM "users"
    WHERE lower("email") = NEW."seller_email" ORDER BY "id" LIMIT 1 FOR SHARE;
  NEW."seller_id" := CASE WHEN verified THEN account_id END;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "transactions_set_seller_id" BEFORE INSERT ON "transactions"
  FOR EACH ROW EXECUTE FUNCTION "transactions_set_seller_id"();--> statement-breakpoint
-- An account whose address becomes verified becomes the seller of the transactions addressed to it; one
-- whose address changes or stops being verified stops being their seller.
CREATE FUNCTION "users_keep_seller_ids"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    UPDATE "transactions" SET "seller_id" = NULL
      WHERE "seller_id" = OLD."id" AND NOT (NEW."email_verified" AND "seller_email" = lower(NEW."email"));
  END IF;
  IF NEW."email_verified" THEN
    UPDATE "transactions" SET "seller_id" = NEW."id"
      WHERE "seller_email" = lower(NEW."email") AND "seller_id" IS DISTINCT FROM NEW."id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_keep_seller_ids_on_insert" AFTER INSERT ON "users"
  FOR EACH ROW WHEN (NEW."email_verified") EXECUTE FUNCTION "users_keep_seller_ids"();--> statement-breakpoint
CREATE TRIGGER "users_keep_seller_ids_on_update" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (OLD."email" IS DISTINCT FROM NEW."email" OR OLD."email_verified" IS DISTINCT FROM NEW."email_verified")
  EXECUTE FUNCTION "users_keep_seller_ids"();
