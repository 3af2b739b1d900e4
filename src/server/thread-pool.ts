/**
 * libuv's thread pool (where scrypt, file reads and DNS run) is 4 threads unless `UV_THREADPOOL_SIZE` says otherwise,
 * read once, at its first use: `main.ts` imports this first, and cluster workers inherit the variable. Password hashes
 * run up to `MAX_HASH_SLOTS` at once (auth/passwords.ts); the pool keeps 4 threads beside them for files and DNS.
 * A value given in the environment is left as it is.
 */
import { MAX_HASH_SLOTS } from './auth/hash-slots';

process.env.UV_THREADPOOL_SIZE ??= String(MAX_HASH_SLOTS + 4);
