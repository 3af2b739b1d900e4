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
