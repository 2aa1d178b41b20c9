CREATE TABLE "withdrawal_holds" (
	"withdrawal_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"matches" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decision" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "sanctions_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" text NOT NULL,
	"entry_id" text NOT NULL,
	"name" text NOT NULL,
	"aliases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"type" text NOT NULL,
	"program" text NOT NULL,
	"date_of_birth" text,
	"country" text,
	"remarks" text,
	CONSTRAINT "sanctions_entries_list_entry_key" UNIQUE("list_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "sanctions_lists" (
	"list_id" text PRIMARY KEY NOT NULL,
	"source_file" text NOT NULL,
	"sha256" text NOT NULL,
	"entry_count" integer NOT NULL,
	"alias_count" integer NOT NULL,
	"loaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdrawal_holds" ADD CONSTRAINT "withdrawal_holds_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_holds" ADD CONSTRAINT "withdrawal_holds_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_entries" ADD CONSTRAINT "sanctions_entries_list_id_sanctions_lists_list_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."sanctions_lists"("list_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawal_holds_open_idx" ON "withdrawal_holds" USING btree ("decision","created_at");--> statement-breakpoint
CREATE INDEX "sanctions_entries_list_idx" ON "sanctions_entries" USING btree ("list_id");