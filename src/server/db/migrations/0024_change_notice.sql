-- A write's notice names the tables it wrote (plugins/changes.ts; docs/decisions.md "Fifty admins at once: a write's
-- notice names its tables"). The bump at commit (migration 0010) now also sends `tables:<name>,<name>` on the servers'
-- channel, once per transaction, whoever wrote: a server, a script, a manual UPDATE. A server's session cache then
-- drops only what such a notice can have changed, without reading anything, and a cottage's edit leaves it alone.
-- Before, every write's notice made every process stop serving its cache and read the tables' versions: under a
-- team's load almost every request read its session again (four statements each).
CREATE OR REPLACE FUNCTION dacha_bump_table_versions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	touched text := coalesce(current_setting('dacha.touched_tables', true), '');
	written text;
BEGIN
	FOR written IN SELECT unnest(string_to_array(touched, ',')) ORDER BY 1 LOOP
		UPDATE table_version SET version = version + 1 WHERE table_name = written;
	END LOOP;
	IF touched <> '' THEN
		PERFORM pg_notify('dacha_change', 'tables:' || touched);
	END IF;
	PERFORM set_config('dacha.touched_tables', '', true);
	DELETE FROM table_version_flush WHERE txid = NEW.txid;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A session that ends or changes its expiry or user is named on the same channel, `session:<id>` (`session:*` when
-- the table is emptied): the servers drop that one session from their caches at once, without a statement and without
-- holding the others. A touch (`last_used_at`) or a refresh that keeps the expiry sends nothing; a team's refreshes
-- and touches made every process stop serving its cache while it read the sessions' rows again.
CREATE OR REPLACE FUNCTION dacha_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		PERFORM pg_notify('dacha_change', 'session:*');
	ELSE
		PERFORM pg_notify('dacha_change', 'session:' || OLD.id);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "dacha_session_changed" AFTER UPDATE ON "session" FOR EACH ROW
	WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.user_id IS DISTINCT FROM NEW.user_id)
	EXECUTE FUNCTION dacha_session_changed();
--> statement-breakpoint
CREATE TRIGGER "dacha_session_deleted" AFTER DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION dacha_session_changed();
--> statement-breakpoint
CREATE TRIGGER "dacha_session_truncated" AFTER TRUNCATE ON "session" FOR EACH STATEMENT EXECUTE FUNCTION dacha_session_changed();
--> statement-breakpoint
-- Marks tables written by the transaction before it writes them (an import's apply, thousands of rows a statement):
-- the per-row version trigger's condition is then false for every row, instead of queuing a call of
-- `dacha_table_touched` per row until the statement ends (the setting it reads is only set when the first call runs).
CREATE OR REPLACE FUNCTION dacha_touch_tables(tables text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	tracked text;
	touched text;
BEGIN
	FOREACH tracked IN ARRAY tables LOOP
		touched := coalesce(current_setting('dacha.touched_tables', true), '');
		IF touched = '' THEN
			PERFORM set_config('dacha.touched_tables', tracked, true);
			INSERT INTO table_version_flush DEFAULT VALUES;
		ELSIF NOT (tracked = ANY (string_to_array(touched, ','))) THEN
			PERFORM set_config('dacha.touched_tables', touched || ',' || tracked, true);
		END IF;
	END LOOP;
END $$;
--> statement-breakpoint
-- The per-row trigger marks its table through the same function (one rule for a table's first write).
CREATE OR REPLACE FUNCTION dacha_table_touched() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM dacha_touch_tables(ARRAY[TG_TABLE_NAME]::text[]);
	RETURN NULL;
END $$;
