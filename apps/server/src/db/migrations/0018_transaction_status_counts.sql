-- Hand-written (drizzle-kit generate --custom): each party key of list_versions ('b:<buyer id>', 's:<seller
-- email>') also counts its transactions by status, kept by the same trigger in the same database
-- transaction as every change, so GET /api/transactions/stats reads two rows instead of counting a
-- person's whole history. A deal is never its buyer's own sale (creation refuses it, and an email never
-- changes), so a person's counts are their two keys' sum.
ALTER TABLE "list_versions" ADD COLUMN "pending" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "list_versions" ADD COLUMN "active" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "list_versions" ADD COLUMN "completed" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "list_versions" ADD COLUMN "disputed" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "list_versions" ADD COLUMN "cancelled" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
-- The counts of every existing key (a key first seen here keeps version 0, what a missing row reads as).
INSERT INTO "list_versions" AS v ("key", "version", "pending", "active", "completed", "disputed", "cancelled")
  SELECT k, 0, count(*) FILTER (WHERE s = 'pending'), count(*) FILTER (WHERE s = 'active'),
    count(*) FILTER (WHERE s = 'completed'), count(*) FILTER (WHERE s = 'disputed'),
    count(*) FILTER (WHERE s = 'cancelled')
  FROM (SELECT 'b:' || "buyer_id" AS k, "status" AS s FROM "transactions"
        UNION ALL SELECT 's:' || "seller_email", "status" FROM "transactions") parties
  GROUP BY k
  ON CONFLICT ("key") DO UPDATE SET "pending" = excluded."pending", "active" = excluded."active",
    "completed" = excluded."completed", "disputed" = excluded."disputed", "cancelled" = excluded."cancelled";--> statement-breakpoint
-- As in 0015, and: a change of status moves one count from the old status to the new on both keys; an
-- insert adds one, a delete takes one away; a change of party moves the row's count between keys. An
-- update that keeps the status and the parties (funding, delivery) bumps the versions only, as before.
CREATE OR REPLACE FUNCTION "transactions_bump_list_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_now transactions;
  old_status text;
  new_status text;
  d_pending int;
  d_active int;
  d_completed int;
  d_disputed int;
  d_cancelled int;
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.last_message_at IS DISTINCT FROM NEW.last_message_at
       OR OLD.buyer_archived_at IS DISTINCT FROM NEW.buyer_archived_at
       OR OLD.seller_archived_at IS DISTINCT FROM NEW.seller_archived_at)
     AND (to_jsonb(OLD) - '{last_message_at,buyer_archived_at,seller_archived_at}'::text[])
       = (to_jsonb(NEW) - '{last_message_at,buyer_archived_at,seller_archived_at}'::text[]) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD.buyer_id IS DISTINCT FROM NEW.buyer_id OR OLD.seller_email IS DISTINCT FROM NEW.seller_email) THEN
    INSERT INTO list_versions AS v (key, version, pending, active, completed, disputed, cancelled)
      SELECT k, 1, sum(d * (s = 'pending')::int), sum(d * (s = 'active')::int), sum(d * (s = 'completed')::int),
        sum(d * (s = 'disputed')::int), sum(d * (s = 'cancelled')::int)
      FROM (VALUES ('b:' || OLD.buyer_id, OLD.status, -1), ('s:' || OLD.seller_email, OLD.status, -1),
                   ('b:' || NEW.buyer_id, NEW.status, 1), ('s:' || NEW.seller_email, NEW.status, 1)) changes (k, s, d)
      GROUP BY k ORDER BY k
      ON CONFLICT (key) DO UPDATE SET version = v.version + 1, pending = v.pending + excluded.pending,
        active = v.active + excluded.active, completed = v.completed + excluded.completed,
        disputed = v.disputed + excluded.disputed, cancelled = v.cancelled + excluded.cancelled;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status THEN
    INSERT INTO list_versions (key, version) VALUES ('b:' || NEW.buyer_id, 1), ('s:' || NEW.seller_email, 1)
      ON CONFLICT (key) DO UPDATE SET version = list_versions.version + 1;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN row_now := OLD; ELSE row_now := NEW; new_status := NEW.status; END IF;
  IF TG_OP <> 'INSERT' THEN old_status := OLD.status; END IF;
  d_pending := (new_status IS NOT DISTINCT FROM 'pending')::int - (old_status IS NOT DISTINCT FROM 'pending')::int;
  d_active := (new_status IS NOT DISTINCT FROM 'active')::int - (old_status IS NOT DISTINCT FROM 'active')::int;
  d_completed := (new_status IS NOT DISTINCT FROM 'completed')::int - (old_status IS NOT DISTINCT FROM 'completed')::int;
  d_disputed := (new_status IS NOT DISTINCT FROM 'disputed')::int - (old_status IS NOT DISTINCT FROM 'disputed')::int;
  d_cancelled := (new_status IS NOT DISTINCT FROM 'cancelled')::int - (old_status IS NOT DISTINCT FROM 'cancelled')::int;
  INSERT INTO list_versions AS v (key, version, pending, active, completed, disputed, cancelled)
    VALUES ('b:' || row_now.buyer_id, 1, d_pending, d_active, d_completed, d_disputed, d_cancelled),
           ('s:' || row_now.seller_email, 1, d_pending, d_active, d_completed, d_disputed, d_cancelled)
    ON CONFLICT (key) DO UPDATE SET version = v.version + 1, pending = v.pending + excluded.pending,
      active = v.active + excluded.active, completed = v.completed + excluded.completed,
      disputed = v.disputed + excluded.disputed, cancelled = v.cancelled + excluded.cancelled;
  RETURN NULL;
END $$;
