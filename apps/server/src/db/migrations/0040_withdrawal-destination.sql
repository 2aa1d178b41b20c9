ALTER TABLE "withdrawals" ADD COLUMN "account_type" text DEFAULT 'account' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "branch_code" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "bic" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "routing_number" text;