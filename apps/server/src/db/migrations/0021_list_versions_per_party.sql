-- Hand-written (drizzle-kit generate --custom). What GET /api/transactions's ETag is made of (decision
-- 015): 'b:<buyer id>' and 's:<seller email>' in list_versions, whose version goes up in the same database
-- transaction as every change a list of that party can show, whichever code or SQL makes it. The global
-- '*' key (any party's name anywhere) is gone: a person's change raises the keys of the lists that show
-- them. The counts by status leave list_versions for a table of their own. The triggers and functions of
-- migrations 0012, 0015 and 0018 are replaced by the ones below, the only definitions.
DROP TRIGGER "transactions_list_versions" ON "transactions";--> statement-breakpoint
DROP TRIGGER "users_list_versions" ON "users";--> statement-breakpoint
DROP FUNCTION "transactions_bump_list_versions"();--> statement-breakpoint
DROP FUNCTION "users_bump_list_versions"();--> statement-breakpoint
DELETE FROM "list_versions" WHERE "key" = '*';--> statement-breakpoint
ALTER TABLE "list_versions" DROP COLUMN "pending", DROP COLUMN "active", DROP COLUMN "completed",
  DROP COLUMN "disputed", DROP COLUMN "cancelled";--> statement-breakpoint
-- Each party key's transactions by status, for GET /api/transactions/stats and the early stop of a status
-- filter's page (transactions.queries.ts). A deal is never its buyer's own sale (creation refuses it, and
-- an email never changes), so a person's counts are their two keys' sum.
CREATE TABLE "transaction_status_counts" (
  "key" text PRIMARY KEY NOT NULL,
  "pending" bigint NOT NULL DEFAULT 0,
  "active" bigint NOT NULL DEFAULT 0,
  "completed" bigint NOT NULL DEFAULT 0,
  "disputed" bigint NOT NULL DEFAULT 0,
  "cancelled" bigint NOT NULL DEFAULT 0
);--> statement-breakpoint
INSERT INTO "transaction_status_counts" ("key", "pending", "active", "completed", "disputed", "cancelled")
  SELECT k, count(*) FILTER (WHERE s = 'pending'), count(*) FILTER (WHERE s = 'active'),
    count(*) FILTER (WHERE s = 'completed'), count(*) FILTER (WHERE s = 'disputed'),
    count(*) FILTER (WHERE s = 'cancelled')
  FROM (SELECT 'b:' || "buyer_id" AS k, "status" AS s FROM "transactions"
        UNION ALL SELECT 's:' || "seller_email", "status" FROM "transactions") parties
  GROUP BY k;--> statement-breakpoint
-- A transaction inserted, deleted or changed raises its parties' keys (old and new, when a party changes).
-- A change of only the conversation's own columns (a new message's last_message_at, the archive marks)
-- raises nothing: no list shows them. Keys are taken in sorted order within one statement, so two changes
-- never lock them in opposite orders. On INSERT, OLD is NULL (and NEW on DELETE): its keys drop out.
CREATE FUNCTION "bump_list_versions_of_transaction"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.last_message_at IS DISTINCT FROM NEW.last_message_at
       OR OLD.buyer_archived_at IS DISTINCT FROM NEW.buyer_archived_at
       OR OLD.seller_archived_at IS DISTINCT FROM NEW.seller_archived_at)
     AND (to_jsonb(OLD) - '{last_message_at,buyer_archived_at,seller_archived_at}'::text[])
       = (to_jsonb(NEW) - '{last_message_at,buyer_archived_at,seller_archived_at}'::text[]) THEN
    RETURN NULL;
  END IF;
  INSERT INTO list_versions AS v (key, version)
    SELECT DISTINCT k, 1 FROM unnest(ARRAY['b:' || OLD.buyer_id, 's:' || OLD.seller_email,
      'b:' || NEW.buyer_id, 's:' || NEW.seller_email]) k
    WHERE k IS NOT NULL ORDER BY k
    ON CONFLICT (key) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "list_versions_of_transactions" AFTER INSERT OR UPDATE OR DELETE ON "transactions"
  FOR EACH ROW EXECUTE FUNCTION "bump_list_versions_of_transaction"();--> statement-breakpoint
-- What a list shows of a person: their names and email as the buyer, their names as the seller once their
-- address is verified. When one of those changes (or a verified account comes or goes), every list that
-- holds a deal of theirs moves: both parties' keys of each deal they buy or sell (by the old and the new
-- address). Rare, and proportional to that person's deals; no key is shared by everyone.
CREATE FUNCTION "bump_list_versions_of_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NOT NEW.email_verified THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.first_name IS NOT DISTINCT FROM NEW.first_name
     AND OLD.last_name IS NOT DISTINCT FROM NEW.last_name AND OLD.email = NEW.email
     AND OLD.email_verified = NEW.email_verified THEN
    RETURN NULL;
  END IF;
  INSERT INTO list_versions AS v (key, version)
    SELECT DISTINCT k, 1 FROM transactions t, unnest(ARRAY['b:' || t.buyer_id, 's:' || t.seller_email]) k
    WHERE t.buyer_id IN (OLD.id, NEW.id) OR t.seller_email IN (lower(OLD.email), lower(NEW.email))
    ORDER BY k
    ON CONFLICT (key) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "list_versions_of_users" AFTER INSERT OR UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "bump_list_versions_of_user"();--> statement-breakpoint
-- A transaction inserted or deleted, or whose status or party changes, moves one count on each of its
-- parties' keys: off the old status (and key), onto the new. Other changes (funding, delivery) skip it.
CREATE FUNCTION "count_transaction_statuses"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.buyer_id = NEW.buyer_id
     AND OLD.seller_email = NEW.seller_email THEN
    RETURN NULL;
  END IF;
  INSERT INTO transaction_status_counts AS c (key, pending, active, completed, disputed, cancelled)
    SELECT k, sum(d * (s = 'pending')::int), sum(d * (s = 'active')::int), sum(d * (s = 'completed')::int),
      sum(d * (s = 'disputed')::int), sum(d * (s = 'cancelled')::int)
    FROM (VALUES ('b:' || OLD.buyer_id, OLD.status, -1), ('s:' || OLD.seller_email, OLD.status, -1),
                 ('b:' || NEW.buyer_id, NEW.status, 1), ('s:' || NEW.seller_email, NEW.status, 1)) changes (k, s, d)
    WHERE k IS NOT NULL GROUP BY k ORDER BY k
    ON CONFLICT (key) DO UPDATE SET pending = c.pending + excluded.pending, active = c.active + excluded.active,
      completed = c.completed + excluded.completed, disputed = c.disputed + excluded.disputed,
      cancelled = c.cancelled + excluded.cancelled;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "status_counts_of_transactions" AFTER INSERT OR DELETE OR UPDATE OF "status", "buyer_id", "seller_email"
  ON "transactions" FOR EACH ROW EXECUTE FUNCTION "count_transaction_statuses"();
