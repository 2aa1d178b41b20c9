ALTER TABLE "identity_verifications" ADD COLUMN "sanctions_matches" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD COLUMN "held_reason" text;