/**
 * A small HTTP load generator for the benchmarks: `connections` keep-alive connections each sending one request after
 * another for `seconds`, from a worker thread (its own event loop, so the server under test is not starved by the
 * client's bookkeeping). Answers requests per second, latency percentiles and any status that was not 200.
 */
import { Worker } from 'node:worker_threads';

interface LoadOptions {
  url: string;
  /** Paths on `url`'s origin requested in turn (the 200 distinct pages of a cold run); else `url` itself. */
  paths?: string[];
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
}

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

/** Runs the load in a worker thread and resolves with its figures. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: options });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}
