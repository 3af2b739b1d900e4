import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FOLDER = path.join(import.meta.dirname, 'migrations');
const journal = JSON.parse(readFileSync(path.join(FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string; when: number }[] };

// drizzle's migrator applies only the entries whose `when` is later than the last applied one's: an entry dated before
// an earlier entry (e.g. a migration generated on a branch, merged after another) is silently skipped on upgrade.
describe('the migrations journal', () => {
  it('dates each entry after the one before it, in the order of their numbers', () => {
    const entries = journal.entries.toSorted((a, b) => a.idx - b.idx);
    expect(entries.map((e) => e.tag)).toEqual(entries.map((e) => e.tag).toSorted());
    for (let i = 1; i < entries.length; i++) expect(entries[i].when, `${entries[i].tag} after ${entries[i - 1].tag}`).toBeGreaterThan(entries[i - 1].when);
  });

  it('lists every SQL file of the folder, once', () => {
    const files = readdirSync(FOLDER).filter((f) => f.endsWith('.sql')).map((f) => f.replace(/\.sql$/, '')).sort();
    expect(journal.entries.map((e) => e.tag).sort()).toEqual(files);
  });
});
