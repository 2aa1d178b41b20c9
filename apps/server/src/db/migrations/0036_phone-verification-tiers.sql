CREATE TABLE "phone_code_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"phone_number" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_verification_codes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"phone_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_code_sends" ADD CONSTRAINT "phone_code_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_verification_codes" ADD CONSTRAINT "phone_verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_code_sends_user_idx" ON "phone_code_sends" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "phone_code_sends_number_idx" ON "phone_code_sends" USING btree ("phone_number","sent_at");--> statement-breakpoint
-- Hand-written (before the unique index it makes possible): until now SMS two-factor could verify one
-- number on several accounts; the oldest account keeps it verified, the others verify theirs again.
UPDATE "users" SET "phone_verified" = false WHERE "phone_verified" AND EXISTS (SELECT 1 FROM "users" o WHERE o."phone_verified" AND o."phone_number" = "users"."phone_number" AND (o."created_at", o."id") < ("users"."created_at", "users"."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_phone_idx" ON "users" USING btree ("phone_number") WHERE "users"."phone_verified";