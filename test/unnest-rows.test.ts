/**
 * Many rows in one `insert … select from unnest(…)` (`db/sql.ts` `unnestRows`), as an import's apply writes its
 * translations, texts and audit entries, and many records changed in one `update … from (select * from unnest(…))`
 * (`repos/records.ts`, an import's edits): every value comes back as it went in, on both engines, whatever characters
 * an array literal treats specially, and a column a row leaves out keeps its default (or, changed, its value).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../src/server/db/sql';
import { createTestApp, type TestContext } from './helpers';
import { adminId } from './fixtures';
import { auditLog, cottageTypes, definitions, languages } from '../src/server/db/schema';
import { saveTranslatedRecords } from '../src/server/repos/records';
import { insertAudits } from '../src/server/repos/audit';
import { insertTranslations, setTranslationTexts } from '../src/server/repos/translations';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Texts an array literal quotes or escapes, or reads as null when bare. */
const AWKWARD = ['a "quoted" word', 'back\\slash', 'comma, {braces}', 'NULL', 'null', '', ' spaced ', "o'clock", 'Oʻzbekiston — Ўзбекистон', 'line\nbreak'];

describe('rows inserted as arrays (unnest)', () => {
  it('keeps every text of many new translations as given', async () => {
    const langs = await t.database.db.select({ id: languages.id }).from(languages);
    const items = AWKWARD.map((text, i) => ({ id: randomUUID(), code: `unnest.${i}.${randomUUID().slice(0, 8)}`, type: 'content' as const, rows: langs.map((l) => ({ languageId: l.id, value: `${text}` })) }));
    await t.database.db.transaction((tx) => insertTranslations(tx, items));
    const stored = await t.database.db.select().from(definitions).where(inArray(definitions.translationId, items.map((i) => i.id)));
    expect(stored).toHaveLength(AWKWARD.length * langs.length);
    for (const [i, item] of items.entries()) {
      const mine = stored.filter((d) => d.translationId === item.id);
      expect(mine.map((d) => d.value)).toEqual(langs.map(() => AWKWARD[i]));
    }
    // An edit of one language's text (an upsert of arrays) keeps the others.
    const [first, ...rest] = langs;
    await t.database.db.transaction((tx) => setTranslationTexts(tx, items.map((item, i) => ({ id: item.id, rows: [{ languageId: first.id, value: `${AWKWARD[(i + 1) % AWKWARD.length]}!` }] }))));
    const edited = await t.database.db.select().from(definitions).where(inArray(definitions.translationId, items.map((i) => i.id)));
    expect(edited).toHaveLength(AWKWARD.length * langs.length);
    for (const [i, item] of items.entries()) {
      const mine = edited.filter((d) => d.translationId === item.id);
      expect(mine.find((d) => d.languageId === first.id)?.value).toBe(`${AWKWARD[(i + 1) % AWKWARD.length]}!`);
      for (const l of rest) expect(mine.find((d) => d.languageId === l.id)?.value).toBe(AWKWARD[i]);
    }
  });

  it('keeps many audit entries whole: changes as JSON, a snapshot or a revert on some, null and default columns', async () => {
    const recordId = randomUUID();
    const revertOf = randomUUID();
    const entries = AWKWARD.map((text, i) => ({
      resource: 'region',
      recordId,
      action: 'create' as const,
      after: { name: text, n: i, list: [text, null], nested: { deep: text } },
      ...(i === 1 ? { snapshot: { rows: { region: [{ id: recordId, name: text }] }, files: [] } } : {}),
      ...(i === 2 ? { revertOf } : {}),
    }));
    const admin = await adminId(t);
    await t.database.db.transaction((tx) => insertAudits(tx, { userId: admin, sessionId: null }, entries));
    const stored = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, recordId));
    expect(stored).toHaveLength(AWKWARD.length);
    for (const [i, text] of AWKWARD.entries()) {
      const entry = stored.find((e) => (e.changes.n as { after: unknown } | undefined)?.after === i);
      expect(entry, `entry ${i}`).toBeDefined();
      expect(entry!.changes.name).toEqual({ before: null, after: text });
      expect(entry!.changes.list).toEqual({ before: null, after: [text, null] });
      expect(entry!.userId).toBe(admin);
      expect(entry!.sessionId).toBeNull();
      expect(entry!.userName).toBeTruthy();
      expect(entry!.createdAt).toBeInstanceOf(Date);
      expect(entry!.snapshot).toEqual(i === 1 ? { rows: { region: [{ id: recordId, name: text }] }, files: [] } : null);
      expect(entry!.revertOf).toBe(i === 2 ? revertOf : null);
    }
  });

  it('changes many records at once: each its own values, nulls, yes/no and ids, columns a record leaves out kept', async () => {
    const langs = await t.database.db.select({ id: languages.id }).from(languages);
    const names = (n: number, tag: string) =>
      Array.from({ length: n }, (_, i) => ({ id: randomUUID(), code: `unnest.${tag}.${i}.${randomUUID().slice(0, 8)}`, type: 'content' as const, rows: langs.map((l) => ({ languageId: l.id, value: `${tag} ${i}` })) }));
    const first = names(AWKWARD.length, 'type');
    const renamed = names(AWKWARD.length, 'renamed');
    await t.database.db.transaction((tx) => insertTranslations(tx, [...first, ...renamed]));
    const ids = await t.database.db.transaction((tx) =>
      saveTranslatedRecords(tx, 'cottageType', first.map((n) => ({ values: { name: n.id, image: 'before.png', hidePrice: false } })), 'en'),
    );
    // Three sets of columns: the image and the flag (an awkward text, or none), the name alone, nothing at all.
    const edits = ids.map((id, i) => ({
      id,
      values: i % 3 === 0 ? { image: i % 2 ? null : AWKWARD[i], hidePrice: true } : i % 3 === 1 ? { name: renamed[i].id } : { image: undefined },
    }));
    await t.database.db.transaction((tx) => saveTranslatedRecords(tx, 'cottageType', edits, 'en'));
    const stored = new Map((await t.database.db.select().from(cottageTypes).where(inArray(cottageTypes.id, ids))).map((r) => [r.id, r]));
    for (const [i, id] of ids.entries()) {
      const row = stored.get(id)!;
      expect(row.image, `image ${i}`).toBe(i % 3 === 0 ? (i % 2 ? null : AWKWARD[i]) : 'before.png');
      expect(row.hidePrice, `hidePrice ${i}`).toBe(i % 3 === 0);
      expect(row.nameTranslateId, `name ${i}`).toBe(i % 3 === 1 ? renamed[i].id : first[i].id);
    }
  });
});

/** The distinct keys of many rows checked once (`db/bulk-references.ts`) hold as PostgreSQL's per-row checks hold. */
describe('references of many rows, checked once per key', () => {
  const many = async (n: number, languageOf: (i: number) => string) =>
    Array.from({ length: n }, (_, i) => ({ id: randomUUID(), code: `refs.${i}.${randomUUID().slice(0, 8)}`, type: 'content' as const, rows: [{ languageId: languageOf(i), value: `text ${i}` }] }));

  it('refuses 300 definitions when one names a language that does not exist, and keeps none', async () => {
    const [lang] = await t.database.db.select({ id: languages.id }).from(languages);
    const missing = randomUUID();
    const items = await many(300, (i) => (i === 150 ? missing : lang.id));
    const error = await t.database.db.transaction((tx) => insertTranslations(tx, items)).then(() => undefined, (e: unknown) => e);
    expect(String((error as { cause?: unknown })?.cause ?? error)).toMatch(/foreign key/);
    expect(await t.database.db.select().from(definitions).where(inArray(definitions.translationId, items.map((i) => i.id)))).toHaveLength(0);
  });

  it('writes 300 definitions, moves the table version, and leaves the per-row checks on for the rest of the transaction', async () => {
    const [lang] = await t.database.db.select({ id: languages.id }).from(languages);
    const versionOf = async () => rowsOf<{ version: string }>(await t.database.db.execute(sql`select version from table_version where table_name = 'definition'`))[0].version;
    const before = await versionOf();
    const items = await many(300, () => lang.id);
    const role = await t.database.db.transaction(async (tx) => {
      await insertTranslations(tx, items);
      return rowsOf<{ role: string }>(await tx.execute(sql`select current_setting('session_replication_role') as role`))[0].role;
    });
    expect(role).toBe('origin');
    expect(await t.database.db.select().from(definitions).where(inArray(definitions.translationId, items.map((i) => i.id)))).toHaveLength(300);
    expect(BigInt(await versionOf())).toBeGreaterThan(BigInt(before));
  });
});
