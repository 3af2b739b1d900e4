/**
 * The CSV export of a big list on PostgreSQL (the list kit's goal): `GET /api/v1/cottage/export` of 100 000 cottages
 * read to the end from the real server in its own process, under 10 s with its RSS growing under 50 MB, beside a bare
 * server streaming the same bytes (see `lib/stream-bench.ts`). Exits 1 when a goal is missed.
 *
 *   npx tsx bench/export.ts [--cottages 100000]      (BENCH_EXPORT_DB=<database> reuses a seeded one)
 */
import { parseArgs } from 'node:util';
import { csvRows, streamBench } from './lib/stream-bench';

const { values: args } = parseArgs({ options: { cottages: { type: 'string', default: '100000' } } });
const met = await streamBench('export', Number(args.cottages), [
  { label: 'CSV export (every row)', path: '/api/v1/cottage/export', goalSeconds: 10, goalGrowthMb: 50, rows: csvRows },
]);
process.exit(met === false ? 1 : 0);
