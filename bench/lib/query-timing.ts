/**
 * Every statement a PGlite runs, timed by kind (its text with parameters and literals left out) while `on` is set: from
 * its turn on the connection to its parsed result (the wasm and PGlite's JS protocol). `bench/import-apply.ts` and
 * `bench/import-bounds.ts --timeline` read it for the apply's transaction.
 */
import type { PGlite } from '@electric-sql/pglite';

/** A statement's kind: its first words, parameters and literals left out. */
const kindOf = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/\$\d+/g, '$')
    .replace(/\(\$(, \$)*\)/g, '($…)')
    .slice(0, 90);

export interface Timing {
  count: number;
  ms: number;
  params: number;
}

/** Times every query of `client` (from its parse to its parsed result) while `on` is set, by kind. */
export function timeQueries(client: PGlite) {
  const state = { on: false, byKind: new Map<string, Timing>(), current: '', inQuery: 0 };
  const target = client as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  const exclusive = target._runExclusiveQuery.bind(client);
  const stream = target.execProtocolStream.bind(client);
  const decoder = new TextDecoder();
  target.execProtocolStream = (message: unknown, options: unknown) => {
    const bytes = message as Uint8Array;
    // A parse ('P': length, statement name, text) or a simple query ('Q': length, text) names the statement.
    if (bytes[0] === 0x50 || bytes[0] === 0x51) {
      const start = bytes[0] === 0x50 ? bytes.indexOf(0, 5) + 1 : 5;
      state.current = decoder.decode(bytes.subarray(start, bytes.indexOf(0, start)));
    }
    return stream(message, options);
  };
  target._runExclusiveQuery = async (fn: unknown) => {
    const start = performance.now();
    try {
      return await exclusive(fn);
    } finally {
      if (state.on) {
        const ms = performance.now() - start;
        state.inQuery += ms;
        const kind = kindOf(state.current);
        const t = state.byKind.get(kind) ?? { count: 0, ms: 0, params: 0 };
        t.count++;
        t.ms += ms;
        t.params += (state.current.match(/\$\d+/g) ?? []).length;
        state.byKind.set(kind, t);
      }
    }
  };
  return state;
}

/** The `top` kinds that took longest: time, count, parameters, kind. */
export function slowestKinds(byKind: Map<string, Timing>, top = 14) {
  return [...byKind]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, top)
    .map(([kind, t]) => `${t.ms.toFixed(0).padStart(7)} ms ${String(t.count).padStart(5)}×  ${String(t.params).padStart(6)} params  ${kind}`);
}
