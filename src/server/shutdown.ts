/**
 * Graceful shutdown on SIGTERM and SIGINT: stop accepting connections, let the requests in flight finish, close the
 * database, exit 0. A deadline (`SHUTDOWN_TIMEOUT`, 10 s by default) ends the process with exit code 1 when something
 * does not finish (a client that never sends the rest of its body), so a stop never hangs. Further signals while
 * stopping are ignored: Ctrl-C reaches every process of a terminal's group, and a worker then also gets the
 * primary's SIGTERM.
 */
interface ShutdownOptions {
  timeoutMs: number;
  log: (line: string) => void;
  /** Runs when the deadline passes, before the exit (release what must not outlive the process). */
  onDeadline?: () => void;
}

export function onShutdown(close: () => Promise<void>, opts: ShutdownOptions) {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    opts.log(`${signal}: finishing the requests in flight, then stopping`);
    setTimeout(() => {
      opts.log(`still not stopped after ${opts.timeoutMs / 1000} s (SHUTDOWN_TIMEOUT); ending now`);
      opts.onDeadline?.();
      process.exit(1);
    }, opts.timeoutMs);
    close().then(
      () => process.exit(0),
      (err: Error) => {
        opts.log(`stopping failed: ${err.message}`);
        opts.onDeadline?.();
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
