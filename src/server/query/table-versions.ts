/**
 * What a kept list answer is keyed to (docs/decisions.md, "Kept answers keyed to table versions"): the versions of the
 * tables its statements read. Migration 0010 gives every table a row in `table_version`, one added to it by each
 * transaction that wrote the table, at its commit and in it — whoever wrote (a server, a script, a manual UPDATE). Two
 * equal readings of a table's version see the same committed rows of that table; an answer read after its tables'
 * versions were read is still exact while they read the same.
 */
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import * as schema from '../db/schema';
import { compile, runCompiled } from './page-json';

/** Every table of the schema by name. */
const TABLES = new Set<string>(Object.values(schema).flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : [])));

/** An identifier of SQL text: quoted (as drizzle writes every name) or bare (as hand-written fragments may). */
const IDENTIFIER = /"((?:[^"]|"")+)"|[A-Za-z_][\w$]*/g;
/** The tables of the texts seen so far (a list's statements have a few shapes each), bounded. */
const known = new Map<string, string[]>();
const KNOWN_TEXTS = 2_000;

/**
 * The tables that SQL texts name, in the order of their names: every identifier that is a table's name, whatever its
 * place (a column or a word in a literal that happens to be a table's name only costs a table more in the key). A
 * table read by a function the text calls is not seen: none of the list functions reads one (dacha_fold is pure).
 */
export function tablesIn(...texts: string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    let tables = known.get(text);
    if (!tables) {
      tables = [...new Set([...text.matchAll(IDENTIFIER)].map((m) => (m[1] === undefined ? m[0].toLowerCase() : m[1].replaceAll('""', '"'))))].filter((name) =>
        TABLES.has(name),
      );
      if (known.size < KNOWN_TEXTS) known.set(text, tables);
    }
    for (const table of tables) found.add(table);
  }
  return [...found].sort();
}

const versionsStatement = compile(
  sql`select coalesce(string_agg(table_name || ':' || version, ',' order by table_name), '') as versions, count(*)::int as n
    from table_version where table_name = any(${sql.placeholder('tables')}::text[])`,
);

/**
 * The versions of `tables` as one text (`cottage:12,region:3`), read in one statement that reads no list table; or
 * undefined when one of them has no version (a table no migration tracks): an answer reading it must not be kept.
 */
export async function tableVersions(db: DbOrTx, tables: string[]): Promise<string | undefined> {
  const [row] = await runCompiled<{ versions: string; n: number }>(db, versionsStatement, { tables });
  return row.n === tables.length ? row.versions : undefined;
}
