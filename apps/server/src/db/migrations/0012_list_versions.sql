-- Hand-written (drizzle-kit generate --custom): what the in-memory first pages of GET /api/transactions are
-- checked against (modules/transactions/transactions.list-cache.ts). One row per key: 'b:<buyer id>',
-- 's:<seller email>' and '*' (any party's name, email or verification); its version goes up by one in the
-- same database transaction as every change that can alter a page, whichever code or SQL makes it.
CREATE TABLE "list_versions" ("key" text PRIMARY KEY NOT NULL, "version" bigint NOT NULL);--> statement-breakpoint
-- Keys are taken in sorted order within one statement ('*' < 'b:…' < 's:…'), so two changes never lock
-- them in opposite orders. The INSERTs are written out in PL/pgSQL, which keeps their plans: a SQL function
-- called per row would be planned on every call.
CREATE FUNCTION "transactions_bump_list_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_now transactions;
BEGIN
  -- A new message raises last_message_at, which no list page shows: the conversations' paging uses it.
  IF TG_OP = 'UPDATE' AND OLD.last_message_at IS DISTINCT FROM NEW.last_message_at
     AND (to_jsonb(OLD) - 'last_message_at') = (to_jsonb(NEW) - 'last_message_at') THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD.buyer_id IS DISTINCT FROM NEW.buyer_id OR OLD.seller_email IS DISTINCT FROM NEW.seller_email) THEN
    INSERT INTO list_versions (key, version)
      SELECT k, 1 FROM (SELECT DISTINCT unnest(ARRAY['b:' || OLD.buyer_id, 's:' || OLD.seller_email,
        'b:' || NEW.buyer_id, 's:' || NEW.seller_email]) AS k) ks ORDER BY k
      ON CONFLICT (key) DO UPDATE SET version = list_versions.version + 1;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN row_now := OLD; ELSE row_now := NEW; END IF;
  INSERT INTO list_versions (key, version) VALUES ('b:' || row_now.buyer_id, 1), ('s:' || row_now.seller_email, 1)
    ON CONFLICT (key) DO UPDATE SET version = list_versions.version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "transactions_list_versions" AFTER INSERT OR UPDATE OR DELETE ON "transactions"
  FOR EACH ROW EXECUTE FUNCTION "transactions_bump_list_versions"();--> statement-breakpoint
-- What a page shows of a party: names, and the seller once their email is verified.
CREATE FUNCTION "users_bump_list_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO list_versions (key, version) VALUES ('*', 1) ON CONFLICT (key) DO UPDATE SET version = list_versions.version + 1;
  ELSIF TG_OP = 'INSERT' THEN
    IF NEW.email_verified THEN
      INSERT INTO list_versions (key, version) VALUES ('*', 1) ON CONFLICT (key) DO UPDATE SET version = list_versions.version + 1;
    END IF;
  ELSIF OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
     OR OLD.email IS DISTINCT FROM NEW.email OR OLD.email_verified IS DISTINCT FROM NEW.email_verified THEN
    INSERT INTO list_versions (key, version) VALUES ('*', 1) ON CONFLICT (key) DO UPDATE SET version = list_versions.version + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_list_versions" AFTER INSERT OR UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_bump_list_versions"();
