/**
 * V8's memory-saving mode for the server process (docs/decisions.md, "Performance": memory), imported first by
 * `main.ts`. A server's live JavaScript is about 30 MB, but under load V8's defaults let the young generation grow to
 * 32 MB and the old one to about twice what is live before collecting, which made most of its RSS (≈ 135 MB after
 * bench/start.ts's load; ≈ 105 MB in this mode, for the same requests per second within the machine's noise).
 * `--optimize-for-size` is the mode V8 also enters by itself under memory pressure, so its heap sizing is read at
 * every collection, not only at start; the start-up flags that size the heap (`--max-semi-space-size`) would need
 * `node` itself to be started with them, which `npm start` and the workers are not.
 *
 * Naming the flag on `node`'s command line (`node --no-optimize-for-size dist/server/main.mjs`) leaves V8 as it is
 * told; Node refuses the flag in NODE_OPTIONS.
 */
import v8 from 'node:v8';

const told = process.execArgv.some((arg) => /optimize[-_]for[-_]size/.test(arg));
if (!told) v8.setFlagsFromString('--optimize-for-size');
