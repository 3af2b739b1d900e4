/**
 * One door per write (issue #32), checked in the source by `scripts/write-doors.ts`: the project passes, and a fixture
 * that breaks each rule — a route calling a resource's writing repository function, another resource's repository
 * writing its table, a helper's raw SQL, a generic writer called from outside any resource — is named.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readServerSources, strayWrites, type SourceFile } from '../scripts/write-doors';

const sources = readServerSources(path.resolve(__dirname, '../src/server'));
const withFile = (file: SourceFile) => strayWrites([...sources, file]);

describe('one door per write', () => {
  it('the server writes each resource’s tables only through its commands', () => {
    expect(strayWrites(sources)).toEqual([]);
  });

  it('names a route that calls a cottage’s writing repository function around its commands', () => {
    const found = withFile({
      path: 'routes/rogue.ts',
      text: `import { updateCottage } from '../repos/cottages';\nexport async function confirmAll(tx, id) { await updateCottage(tx, id, { cottageStatus: 'confirmed' }); }\n`,
    });
    expect(found).toEqual([expect.stringMatching(/^routes\/rogue\.ts confirmAll calls updateCottage \(repos\/cottages\.ts\), which writes cottage/)]);
  });

  it('names another resource’s repository that writes a cottage’s table, and whoever calls it', () => {
    const found = withFile({
      path: 'repos/region-extra.ts',
      text: `import { cottages } from '../db/schema';\nexport async function hideAll(tx) { await tx.update(cottages).set({ cottageStatus: 'rejected' }); }\n`,
    });
    expect(found).toEqual([expect.stringMatching(/^repos\/region-extra\.ts:2 hideAll writes the cottage resource's table/)]);
  });

  it('names raw SQL that writes a resource’s table, by its name or interpolated', () => {
    const named = withFile({ path: 'http/helper.ts', text: 'export const clear = (db) => db.execute(sql`delete from "user" where id = ${1}`);\n' });
    expect(named).toEqual([expect.stringMatching(/^http\/helper\.ts:1 clear writes the user resource's table/)]);
    const interpolated = withFile({ path: 'http/helper.ts', text: "import { roles } from '../db/schema';\nexport const rename = (db) => db.execute(sql`update ${roles} set name = 'x'`);\n" });
    expect(interpolated).toEqual([expect.stringMatching(/^http\/helper\.ts:2 rename writes the role resource's table/)]);
  });

  it('names a generic writer (by key) called from outside any resource’s commands', () => {
    const found = withFile({
      path: 'routes/saved-extra.ts',
      text: `import { deleteRecord } from '../repos/records';\nexport const wipe = (tx, id) => deleteRecord(tx, 'role', id);\n`,
    });
    expect(found).toEqual([expect.stringMatching(/^routes\/saved-extra\.ts wipe calls deleteRecord \(repos\/records\.ts\)/)]);
  });
});
