/**
 * `WORKERS=N` (DESIGN §4, README "Scale out"): N server processes share one port through node:cluster. The primary
 * prepares the database once (migrations, the first admin, the demo) and then only supervises: it starts the
 * workers, restarts one that dies, and stops them all on SIGINT/SIGTERM. The workers know each other only through
 * PostgreSQL (session changes by LISTEN/NOTIFY, the login throttle's table), as servers on several machines would.
 */
import cluster, { type Worker } from 'node:cluster';

/** A worker tells the primary why it could not start (a port in use, a database it cannot reach). */
interface WorkerFatal {
  fatal: string;
}
const isFatal = (message: unknown): message is WorkerFatal =>
  typeof message === 'object' && message !== null && typeof (message as WorkerFatal).fatal === 'string';

/** More restarts than this in a minute means something is wrong with every worker, not one: give up. */
const MAX_RESTARTS_PER_MINUTE = 10;

interface Workers {
  /** The port they share (the one the system chose when PORT=0). */
  port: number;
  /**
   * Stops every worker (SIGTERM: each finishes its requests and closes its server and database) and resolves when all
   * have exited: true when every one stopped cleanly (exit code 0), false when one had to end at its deadline.
   */
  stop(): Promise<boolean>;
}

/**
 * Starts `count` workers and resolves once each is listening; rejects with the first worker's reason when one cannot
 * start. `onGiveUp` runs when workers keep dying after the start.
 */
export function startWorkers(count: number, log: (line: string) => void, onGiveUp: (reason: string) => void): Promise<Workers> {
  let stopping = false;
  let restarts: number[] = [];

  return new Promise((resolve, reject) => {
    let listening = 0;
    let port = 0;
    let started = false;
    const fork = () => {
      const worker = cluster.fork();
      worker.on('message', (message) => {
        if (isFatal(message) && !started) fail(message.fatal);
      });
      worker.once('listening', (address) => {
        port = address.port;
        listening += 1;
        if (!started && listening === count) {
          started = true;
          resolve({ port, stop });
        }
      });
      worker.once('exit', (code, signal) => {
        if (stopping) return;
        if (!started) return fail(`a server process stopped while starting (${signal ?? `exit code ${code}`})`);
        const now = Date.now();
        restarts = [...restarts.filter((t) => now - t < 60_000), now];
        if (restarts.length > MAX_RESTARTS_PER_MINUTE) return onGiveUp(`server processes keep stopping (${restarts.length} in a minute)`);
        log(`a server process stopped (${signal ?? `exit code ${code}`}); starting another`);
        fork();
      });
    };
    const fail = (reason: string) => {
      void stop().then(() => reject(new Error(reason)));
    };
    async function stop() {
      stopping = true;
      const running = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w) && !w!.isDead());
      const codes = await Promise.all(
        running.map(
          (worker) =>
            new Promise<number | null>((done) => {
              worker.once('exit', (code) => done(code));
              worker.process.kill('SIGTERM');
            }),
        ),
      );
      return codes.every((code) => code === 0);
    }
    for (let i = 0; i < count; i++) fork();
  });
}

/** In a worker: tells the primary why this process cannot serve, then ends it. */
export function workerFatal(reason: string) {
  if (!process.send) process.exit(1);
  process.send({ fatal: reason } satisfies WorkerFatal, () => process.exit(1));
}
