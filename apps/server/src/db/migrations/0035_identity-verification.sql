CREATE TABLE "identity_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"verification_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"encrypted" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "identity_documents_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "identity_reviewers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"granted_by_id" text,
	"granted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"legal_name" text NOT NULL,
	"date_of_birth" text NOT NULL,
	"address_line" text NOT NULL,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"document_type" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_id" text,
	"rejection_reason" text,
	"documents_deleted_at" timestamp with time zone,
	CONSTRAINT "identity_verifications_provider_session_id_unique" UNIQUE("provider_session_id"),
	CONSTRAINT "identity_verifications_decided" CHECK (("identity_verifications"."status" = 'pending') = ("identity_verifications"."decided_at" is null) and ("identity_verifications"."status" = 'rejected') = ("identity_verifications"."rejection_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "verification_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"session_id" text,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_documents" ADD CONSTRAINT "identity_documents_verification_id_identity_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."identity_verifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_reviewers" ADD CONSTRAINT "identity_reviewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_reviewers" ADD CONSTRAINT "identity_reviewers_granted_by_id_users_id_fk" FOREIGN KEY ("granted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_documents_kind_unique" ON "identity_documents" USING btree ("verification_id","kind");--> statement-breakpoint
CREATE INDEX "identity_verifications_user_idx" ON "identity_verifications" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "identity_verifications_pending_idx" ON "identity_verifications" USING btree ("submitted_at") WHERE "identity_verifications"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "identity_verifications_one_pending" ON "identity_verifications" USING btree ("user_id") WHERE "identity_verifications"."status" = 'pending';