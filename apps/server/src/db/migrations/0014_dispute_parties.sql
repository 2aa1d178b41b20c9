-- A party's disputes as an index range of their own (listPartyDisputes): the transaction's parties, copied
-- onto each case. Existing cases take them from their transaction before the columns become NOT NULL.
ALTER TABLE "disputes" ADD COLUMN "buyer_id" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "seller_email" text;--> statement-breakpoint
UPDATE "disputes" d SET "buyer_id" = t."buyer_id", "seller_email" = t."seller_email"
  FROM "transactions" t WHERE t."id" = d."transaction_id";--> statement-breakpoint
ALTER TABLE "disputes" ALTER COLUMN "buyer_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ALTER COLUMN "seller_email" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "disputes_buyer_page_idx" ON "disputes" USING btree ("buyer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "disputes_seller_page_idx" ON "disputes" USING btree ("seller_email","created_at","id");
