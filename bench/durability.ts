/**
 * What durability costs on the embedded PGlite: small write transactions (an insert of a row and three child rows, the
 * shape of a translation create) one after another on a file-backed PGlite, in three modes:
 *
 * - `relaxed`  — `relaxedDurability: true`: PGlite does not wait for its filesystem sync before a query resolves;
 * - `default`  — `relaxedDurability: false` (what the server uses): every write reaches the operating system (a
 *                `write()` per page) before the query resolves, so a killed process loses nothing acknowledged;
 * - `fsync`    — also flushed to the disk at every commit (PostgreSQL's fsync on, wal_sync_method=fsync, and PGlite's
 *                Node filesystem taught to `fsync()`): what surviving a power cut would take.
 *
 *   npx tsx bench/durability.ts [--writes 400] [--runs 3]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { fsyncSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

const { values: args } = parseArgs({ options: { writes: { type: 'string', default: '400' }, runs: { type: 'string', default: '3' } } });
const WRITES = Number(args.writes);
const RUNS = Number(args.runs);

type Mode = 'relaxed' | 'default' | 'fsync';

/** PGlite's Node filesystem has no fsync (Emscripten treats it as done); this one performs it. */
class FsyncNodeFS extends NodeFS {
  fsyncs = 0;
  async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const patch = (mod: { NODEFS: { stream_ops: Record<string, unknown> } }) => {
      mod.NODEFS.stream_ops.fsync = (stream: { nfd?: number }) => {
        if (stream.nfd !== undefined) {
          fsyncSync(stream.nfd);
          this.fsyncs++;
        }
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), patch as never] } };
  }
}

async function run(mode: Mode): Promise<{ perWriteMs: number; fsyncs: number }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `dacha-durability-${mode}-`));
  const fs = mode === 'fsync' ? new FsyncNodeFS(dir) : undefined;
  const startParams = mode === 'fsync' ? [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync'] : undefined;
  const db = await PGlite.create({ dataDir: dir, fs, relaxedDurability: mode === 'relaxed', startParams });
  try {
    await db.exec(`
      create table parent (id uuid primary key default gen_random_uuid(), code text unique not null, created_at timestamptz default now());
      create table child (id serial primary key, parent_id uuid references parent(id), lang text, value text);`);
    const started = performance.now();
    for (let i = 0; i < WRITES; i++) {
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>('insert into parent (code) values ($1) returning id', [`code-${i}`]);
        for (const lang of ['uz', 'ru', 'en']) await tx.query('insert into child (parent_id, lang, value) values ($1, $2, $3)', [rows[0].id, lang, `${lang} ${i}`]);
      });
    }
    const perWriteMs = (performance.now() - started) / WRITES;
    return { perWriteMs, fsyncs: fs?.fsyncs ?? 0 };
  } finally {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}

const modes: Mode[] = ['relaxed', 'default', 'fsync'];
const results: Record<Mode, number[]> = { relaxed: [], default: [], fsync: [] };
const fsyncCounts: number[] = [];
for (let r = 0; r < RUNS; r++) {
  // Rotate the order, so no mode always runs first on a cold machine.
  for (const mode of [...modes.slice(r % 3), ...modes.slice(0, r % 3)]) {
    const { perWriteMs, fsyncs } = await run(mode);
    results[mode].push(perWriteMs);
    if (mode === 'fsync') fsyncCounts.push(fsyncs);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(results.default);
console.log(`durability: ${WRITES} write transactions (1 + 3 rows each) on a file-backed PGlite, median of ${RUNS} runs`);
for (const mode of modes) {
  const m = median(results[mode]);
  console.log(
    `  ${mode.padEnd(8)} ${m.toFixed(2)} ms per write (${(1000 / m).toFixed(0)} writes/s), ${(m / base).toFixed(2)}× the default` +
      (mode === 'fsync' ? `; ${Math.round(median(fsyncCounts) / WRITES)} fsync() per write` : '') +
      ` [runs: ${results[mode].map((x) => x.toFixed(2)).join(', ')}]`,
  );
}
