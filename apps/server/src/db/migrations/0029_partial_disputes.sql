ALTER TABLE "disputes" ADD COLUMN "disputed_amount" bigint;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "released_at_open" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "relied_on_evidence_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "proposed_resolution" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "proposed_refund" bigint;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "proposed_notes" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "proposed_by_id" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "proposed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "proposed_evidence_ids" uuid[];--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "sent_back_reason" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "approved_by_id" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_proposed_by_id_users_id_fk" FOREIGN KEY ("proposed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;