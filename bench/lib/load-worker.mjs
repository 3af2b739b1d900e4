// The load loop of bench/lib/load.ts, plain JavaScript so a worker thread runs it without a TypeScript loader.
/* global URL, performance */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

async function generate({ url, paths, headers = {}, connections, seconds }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  // `paths`: requests go to each in turn (the connections share one turn), instead of the URL's own path.
  let turn = 0;
  const next = () => (paths?.length ? paths[turn++ % paths.length] : target.pathname + target.search);
  const latencies = [];
  let failures = 0;
  const deadline = performance.now() + seconds * 1000;
  const once = () =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.get({ agent, host: target.hostname, port: target.port, path: next(), headers }, (res) => {
        if (res.statusCode !== 200) failures += 1;
        res.on('data', () => {});
        res.on('end', () => {
          latencies.push(performance.now() - started);
          resolve();
        });
      });
      req.on('error', () => {
        failures += 1;
        resolve();
      });
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { requests: latencies.length, perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), failures };
}

parentPort.postMessage(await generate(workerData));
