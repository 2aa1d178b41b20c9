CREATE TABLE "transaction_milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"total" bigint NOT NULL,
	"due_date" date,
	"status" text DEFAULT 'unfunded' NOT NULL,
	"funding_clock_from" timestamp with time zone,
	"funded_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"tracking_reference" text,
	"delivery_message" text,
	"auto_release_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"dispute_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_milestones_amounts_check" CHECK ("transaction_milestones"."amount" > 0 AND "transaction_milestones"."fee" >= 0 AND "transaction_milestones"."total" = "transaction_milestones"."amount" + "transaction_milestones"."fee"),
	CONSTRAINT "transaction_milestones_position_check" CHECK ("transaction_milestones"."position" BETWEEN 1 AND 10)
);
--> statement-breakpoint
DROP INDEX "disputes_transaction_id_idx";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "milestone_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "milestone_ids" uuid[];--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "milestone_id" uuid;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "milestone_amount" bigint;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "milestone_fee" bigint;--> statement-breakpoint
ALTER TABLE "transaction_milestones" ADD CONSTRAINT "transaction_milestones_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_milestones_position_idx" ON "transaction_milestones" USING btree ("transaction_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_transaction_id_idx" ON "disputes" USING btree ("transaction_id",coalesce("milestone_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_milestone_count_check" CHECK ("transactions"."milestone_count" BETWEEN 0 AND 10);