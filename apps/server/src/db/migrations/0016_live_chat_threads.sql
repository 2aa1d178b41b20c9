-- The staff console's live chat queue: one row per customer thread with its newest message, so a page
-- of threads reads its own rows, not every message on the platform (DISTINCT ON over all of them before).
CREATE TABLE "live_chat_threads" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_message_id" uuid NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"awaiting_reply" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_chat_threads" ADD CONSTRAINT "live_chat_threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_chat_threads" ADD CONSTRAINT "live_chat_threads_last_message_id_live_chat_messages_id_fk" FOREIGN KEY ("last_message_id") REFERENCES "public"."live_chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_chat_threads_queue_idx" ON "live_chat_threads" USING btree ("awaiting_reply","last_message_at","user_id");--> statement-breakpoint
-- Every existing thread with its newest message (the order the thread shows: created_at, then id).
INSERT INTO "live_chat_threads" ("user_id", "last_message_id", "last_message_at", "awaiting_reply")
  SELECT DISTINCT ON ("thread_user_id") "thread_user_id", "id", "created_at", "type" = 'user'
  FROM "live_chat_messages" ORDER BY "thread_user_id", "created_at" DESC, "id" DESC;
