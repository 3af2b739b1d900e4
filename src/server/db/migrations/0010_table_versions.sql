-- Kept list answers are keyed to the versions of the tables they read (docs/decisions.md, "Kept answers keyed to
-- table versions"). Every table has a row here; a transaction that wrote a table adds one to its row when it commits,
-- in the same transaction, so a version is exact whoever wrote: a server, a script, a manual UPDATE or TRUNCATE.
CREATE TABLE "table_version" (
	"table_name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- One row per writing transaction, from its first write until its commit: its deferred trigger does the bumps.
CREATE TABLE "table_version_flush" (
	"txid" xid8 DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
-- After the first row a transaction wrote in a tracked table: the table joins the transaction's list (a setting local
-- to the transaction, undone with a rolled-back savepoint), and the transaction's first write queues the bump at
-- commit. No row is locked here: writers of one table do not wait for each other until they commit.
CREATE OR REPLACE FUNCTION dacha_table_touched() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	touched text := coalesce(current_setting('dacha.touched_tables', true), '');
BEGIN
	IF touched = '' THEN
		PERFORM set_config('dacha.touched_tables', TG_TABLE_NAME, true);
		INSERT INTO table_version_flush DEFAULT VALUES;
	ELSIF NOT (TG_TABLE_NAME = ANY (string_to_array(touched, ','))) THEN
		PERFORM set_config('dacha.touched_tables', touched || ',' || TG_TABLE_NAME, true);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- At commit: one added to each written table's version, in the order of the tables' names. A version row is locked
-- from there to the end of the commit, so the writers of one table commit one after the other (the price of one row
-- per table), and two transactions always take their rows in the same order: they cannot deadlock on them.
CREATE OR REPLACE FUNCTION dacha_bump_table_versions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	written text;
BEGIN
	FOR written IN SELECT unnest(string_to_array(coalesce(current_setting('dacha.touched_tables', true), ''), ',')) ORDER BY 1 LOOP
		UPDATE table_version SET version = version + 1 WHERE table_name = written;
	END LOOP;
	PERFORM set_config('dacha.touched_tables', '', true);
	DELETE FROM table_version_flush WHERE txid = NEW.txid;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "table_version_flush_bump" AFTER INSERT ON "table_version_flush" DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW EXECUTE FUNCTION dacha_bump_table_versions();
--> statement-breakpoint
-- Tracks a table: its version row and its triggers. A later migration that creates a table calls it for that table
-- (a list reading a table without a version row is never kept: query/table-versions.ts). Per row, but the condition
-- (evaluated without calling the function) lets only the transaction's first row of the table through: a bulk write
-- costs one test per row, and a statement that changes no row (a session's touch that finds it recent) bumps nothing.
-- TRUNCATE fires per statement only.
CREATE OR REPLACE FUNCTION dacha_track_table(tracked text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO table_version (table_name) VALUES (tracked) ON CONFLICT DO NOTHING;
	EXECUTE format('DROP TRIGGER IF EXISTS dacha_table_version ON %I', tracked);
	EXECUTE format('DROP TRIGGER IF EXISTS dacha_table_version_truncate ON %I', tracked);
	EXECUTE format('CREATE TRIGGER dacha_table_version AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW '
		'WHEN (NOT (%L = ANY (string_to_array(coalesce(current_setting(''dacha.touched_tables'', true), ''''), '','')))) '
		'EXECUTE FUNCTION dacha_table_touched()', tracked, tracked);
	EXECUTE format('CREATE TRIGGER dacha_table_version_truncate AFTER TRUNCATE ON %I FOR EACH STATEMENT '
		'EXECUTE FUNCTION dacha_table_touched()', tracked);
END $$;
--> statement-breakpoint
DO $$
DECLARE
	tracked text;
BEGIN
	FOR tracked IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema()
		AND tablename NOT IN ('table_version', 'table_version_flush') ORDER BY 1 LOOP
		PERFORM dacha_track_table(tracked);
	END LOOP;
END $$;
