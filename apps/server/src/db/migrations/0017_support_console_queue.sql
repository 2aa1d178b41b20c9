-- The staff console's support chats, most urgent then oldest first, page by page from an index (every chat, or one
-- status) instead of sorting every chat on the platform for each page.
DROP INDEX "support_chats_status_idx";--> statement-breakpoint
CREATE INDEX "support_chats_queue_idx" ON "support_chats" USING btree ((CASE "priority" WHEN 'urgent' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END),"created_at","id");--> statement-breakpoint
CREATE INDEX "support_chats_status_queue_idx" ON "support_chats" USING btree ("status",(CASE "priority" WHEN 'urgent' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END),"created_at","id");