DROP INDEX "direct_messages_conversation_idx";--> statement-breakpoint
DROP INDEX "support_chats_user_idx";--> statement-breakpoint
DROP INDEX "support_messages_chat_idx";--> statement-breakpoint
CREATE INDEX "direct_messages_conversation_idx" ON "direct_messages" USING btree ("conversation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "support_chats_user_idx" ON "support_chats" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "support_messages_chat_idx" ON "support_messages" USING btree ("chat_id","created_at","id");