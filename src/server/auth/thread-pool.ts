/**
 * libuv's thread pool (where scrypt, file reads and DNS run) is 4 threads unless `UV_THREADPOOL_SIZE` says otherwise,
 * read once, at its first use: `main.ts` imports this first (after the V8 flags), and cluster workers inherit the
 * variable. Password hashes run up to `MAX_HASH_SLOTS` at once (auth/passwords.ts); the pool keeps 4 threads beside
 * them for files and DNS. A value given in the environment is left as it is. It takes effect in a fresh process: the
 * workers of `WORKERS=N` (forked after this ran) and a built server whose first use comes later; under `tsx` the
 * loader has used the pool before this runs, so a single process there hashes on the 4 threads it has.
 */
import { MAX_HASH_SLOTS } from './hash-slots';

process.env.UV_THREADPOOL_SIZE ??= String(MAX_HASH_SLOTS + 4);
