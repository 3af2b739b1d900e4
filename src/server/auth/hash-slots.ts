/**
 * How many password hashes a process runs at once (auth/passwords.ts): as many as `HASH_MEMORY` of scrypt memory
 * holds (128·N·r bytes each: 2 at 2^17 as before, 32 at 2^13), at most `MAX_HASH_SLOTS`. First come, first served.
 *
 * Why more than two: under a team's morning load the hashes compete for two cores with the working loop of those
 * already in, and the operating system shares the cores per thread. With two hashes at a time per process the 50
 * hashes of a morning got about a third of the machine and queued 8–11 s each (docs/decisions.md, "The morning login:
 * one statement…"); six at a time, at 8 MiB each, take a larger share while logins wait and nothing when none does.
 */
export const MAX_HASH_SLOTS = 6;
const HASH_MEMORY = 256 * 2 ** 20;

let running = 0;
let memoryInUse = 0;
const waiting: { memory: number; start: () => void }[] = [];

const fits = (memory: number) => running === 0 || (running < MAX_HASH_SLOTS && memoryInUse + memory <= HASH_MEMORY);

function startWaiting() {
  while (waiting.length && fits(waiting[0].memory)) {
    const next = waiting.shift()!;
    running++;
    memoryInUse += next.memory;
    next.start();
  }
}

/** Runs `hash` when a slot and its memory are free (`memory`: the bytes scrypt needs for it). */
export async function inHashSlot<T>(memory: number, hash: () => Promise<T>): Promise<T> {
  await new Promise<void>((start) => {
    waiting.push({ memory, start });
    startWaiting();
  });
  try {
    return await hash();
  } finally {
    running--;
    memoryInUse -= memory;
    startWaiting();
  }
}

/** Hashes running now in this process (the tests read it). */
export const hashesRunning = () => running;
