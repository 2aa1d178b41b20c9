ALTER TABLE "moderator_applications" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "moderator_applications" ADD COLUMN "confirmation_token_hash" text;--> statement-breakpoint
CREATE INDEX "moderator_applications_confirmation_idx" ON "moderator_applications" USING btree ("confirmation_token_hash");--> statement-breakpoint
-- Applications already decided, or made by the signed-in holder of the verified address, stay visible; the rest must be confirmed by the emailed link (applicants apply again).
UPDATE "moderator_applications" a SET "confirmed_at" = a."created_at"
WHERE a."status" <> 'pending'
   OR EXISTS (SELECT 1 FROM "users" u WHERE u."id" = a."user_id" AND lower(u."email") = a."email" AND u."email_verified");
