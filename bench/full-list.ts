/**
 * The original clients' list without `range` (performance goal): `GET /api/v1/cottage` of 10 000 cottages as one
 * JSON array, streamed by the real server in its own process, under 1 s with its RSS growing under 50 MB, beside a
 * bare server streaming the same bytes (see `lib/stream-bench.ts`). Exits 1 when a goal is missed.
 *
 *   npx tsx bench/full-list.ts [--cottages 10000]      (BENCH_EXPORT_DB=<database> reuses a seeded one)
 */
import { parseArgs } from 'node:util';
import { streamBench } from './lib/stream-bench';

const { values: args } = parseArgs({ options: { cottages: { type: 'string', default: '10000' } } });
const met = await streamBench('full-list', Number(args.cottages), [
  {
    label: 'JSON list without range (compat)',
    path: '/api/v1/cottage',
    goalSeconds: 1,
    goalGrowthMb: 50,
    rows: (body) => (JSON.parse(body.toString('utf8')) as unknown[]).length,
  },
]);
process.exit(met === false ? 1 : 0);
