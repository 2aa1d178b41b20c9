-- Hand-written first line: a key is now stored only with its answer, in the database transaction of the
-- request's effect. Claims left "in progress" by the previous version hold no answer: they go, so a retry
-- of their request runs at once (decision 004).
DELETE FROM "idempotency_keys" WHERE "state" = 'in_progress' OR "response_status" IS NULL OR "response_body" IS NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "response_status" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "response_body" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "state";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "completed_at";