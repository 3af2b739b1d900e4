/**
 * V8's heap sizing for the server process (docs/decisions.md, "Server memory" and "Fifty admins at once: V8 sized,
 * not made small"), imported first by `main.ts`. A server's live JavaScript is about 30 MB, but V8's defaults let
 * the young generation grow to 32 MB and the old one to about twice what is live before collecting. Two flags that
 * V8 reads at every collection, so setting them in the process works: the young generation does not grow past its
 * first size (`--semi-space-growth-factor=1`), and the old one is collected once it grows 30 % past what was live
 * (`--heap-growing-percent=30`). `--max-semi-space-size` would need `node` itself started with it.
 *
 * Not `--optimize-for-size` (this module's choice until issue #38's fifth wave): it sizes the heap much the same, but it
 * also makes V8's compilers favour size over speed. Under fifty administrators' load the servers answered 228 calls a second
 * with it, against 297–309 without it, for the same RSS after a load (`bench/admins.ts`, `bench/start.ts`).
 *
 * A flag named on `node`'s command line (`node --heap-growing-percent=50 dist/server/main.mjs`) is left as it is
 * told; Node refuses these flags in NODE_OPTIONS.
 */
import v8 from 'node:v8';

const FLAGS = ['--semi-space-growth-factor=1', '--heap-growing-percent=30'];

for (const flag of FLAGS) {
  const name = flag.slice(2).split('=')[0].replaceAll('-', '[-_]');
  if (!process.execArgv.some((arg) => new RegExp(`^--${name}\\b`).test(arg))) v8.setFlagsFromString(flag);
}
