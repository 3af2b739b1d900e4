/**
 * Where an import's time goes, as the concurrent requests see it (`bench/import-bounds.ts --timeline`): the import's
 * phases (the server's `dacha:import` channel: read, prepared, each plan slice, the apply's transaction and commit),
 * the server thread's event-loop gaps (a 10 ms timer that fired late) and the probes' slow answers, on one clock
 * (`performance.timeOrigin + now()`, shared by the worker thread), printed from the import's start.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { PGlite } from '@electric-sql/pglite';
import { slowestKinds, timeQueries } from './query-timing';

interface Mark {
  phase: string;
  at: number;
  rows?: number;
  ms?: number;
}
interface SlowAnswer {
  url: number;
  start: number;
  end: number;
}

const now = () => performance.timeOrigin + performance.now();
const TICK_MS = 10;
/** A timer this late is a gap: the thread did something else (a statement, a slice, GC) for that long. */
const GAP_MS = 200;

/** `client` (PGlite): the apply's transaction's statements are timed by kind too. */
export function startTimeline(client?: PGlite) {
  const marks: Mark[] = [];
  const gaps: { start: number; end: number }[] = [];
  const queries = client ? timeQueries(client) : undefined;
  const onMark = (message: unknown) => {
    const mark = message as Mark;
    marks.push(mark);
    // Channel messages are delivered at once: the statements between these two marks are the apply's transaction's.
    if (queries && mark.phase === 'tx-in') queries.on = true;
    if (queries && mark.phase === 'committed') queries.on = false;
  };
  subscribe('dacha:import', onMark);
  let last = now();
  const timer = setInterval(() => {
    const t = now();
    if (t - last > GAP_MS + TICK_MS) gaps.push({ start: last, end: t });
    last = t;
  }, TICK_MS);
  return {
    /** Stops recording and prints the timeline; `slow` are the probes' answers over their threshold. */
    print(slow: SlowAnswer[], urls: string[]) {
      clearInterval(timer);
      unsubscribe('dacha:import', onMark);
      const t0 = marks.find((m) => m.phase === 'start')?.at ?? marks[0]?.at ?? now();
      const s = (t: number) => `${((t - t0) / 1000).toFixed(2).padStart(7)} s`;
      const slices = marks.filter((m) => m.phase === 'slice');
      const sliceMs = slices.map((m) => m.ms ?? 0);
      const over = slices.filter((m) => (m.ms ?? 0) > 100);
      console.log(
        `      plan: ${slices.length} slices, ${(sliceMs.reduce((a, b) => a + b, 0) / 1000).toFixed(2)} s in them, the longest ${Math.max(0, ...sliceMs).toFixed(0)} ms, ${over.length} over 100 ms`,
      );
      const lines: [number, string][] = [];
      for (const m of marks) if (m.phase !== 'slice') lines.push([m.at, `phase ${m.phase}${m.rows !== undefined ? ` (${m.rows} rows)` : ''}`]);
      // Listed: what took longer than half a second (the goal is 1 s).
      const LISTED_MS = 500;
      for (const m of over.filter((m) => (m.ms ?? 0) > LISTED_MS)) lines.push([m.at - (m.ms ?? 0), `slice of ${m.rows} rows took ${(m.ms ?? 0).toFixed(0)} ms`]);
      for (const g of gaps.filter((g) => g.end - g.start > LISTED_MS)) lines.push([g.start, `server thread busy ${(g.end - g.start).toFixed(0)} ms (until ${s(g.end).trim()})`]);
      for (const a of slow.filter((a) => a.end - a.start > LISTED_MS)) lines.push([a.start, `${urls[a.url].split('?')[0]} waited ${(a.end - a.start).toFixed(0)} ms (until ${s(a.end).trim()})`]);
      for (const [at, text] of lines.sort((a, b) => a[0] - b[0])) console.log(`      ${s(at)}  ${text}`);
      if (queries) {
        console.log(`      the apply's statements: ${(queries.inQuery / 1000).toFixed(2)} s in them; the slowest kinds:`);
        for (const line of slowestKinds(queries.byKind)) console.log(`      ${line}`);
      }
    },
  };
}
