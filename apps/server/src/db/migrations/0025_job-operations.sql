CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" text,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "jobs_due_idx";--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_subject_idx" ON "audit_events" USING btree ("subject_type","subject_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_failed_idx" ON "jobs" USING btree ("finished_at","id") WHERE "jobs"."state" = 'failed';--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("kind","run_at") WHERE "jobs"."state" = 'queued';--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" in ('queued', 'done', 'failed', 'cancelled'));