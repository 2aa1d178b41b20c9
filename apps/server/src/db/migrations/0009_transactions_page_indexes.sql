DROP INDEX "transactions_buyer_id_idx";--> statement-breakpoint
DROP INDEX "transactions_seller_email_idx";--> statement-breakpoint
CREATE INDEX "transactions_buyer_page_idx" ON "transactions" USING btree ("buyer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_seller_page_idx" ON "transactions" USING btree ("seller_email","created_at","id");