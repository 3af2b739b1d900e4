/**
 * Garbage proven harmless: requests derived from the served OpenAPI document, broken in every way test/fuzz-kit.ts
 * knows, against a real database with demo data. No answer may be a 5xx, leak a stack line or SQL, or break the error
 * shape; afterwards a list call and a login still work.
 *
 * The normal run fires a seeded slice of 2 000 requests (seed 14). `npm run fuzz` fires 10 000 (seed 1414);
 * `FUZZ_REQUESTS=… FUZZ_SEED=<n|random> npx vitest run test/fuzz.test.ts` for any other run, and
 * `FUZZ_CONCURRENCY=8` fires that many at once (the same requests; the database sees them in parallel). A failure prints the seed
 * and every offending request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, ADMIN, type TestContext } from './helpers';
import { adminId, PNG } from './fixtures';
import { formatResult, leakIn, runFuzz, seedFrom, type FuzzResult } from './fuzz-kit';
import { roles } from '../src/server/db/schema';
import { SUPER_ADMIN_ROLE } from '../src/shared/enums';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2000);
const SEED = seedFrom(process.env.FUZZ_SEED, REQUESTS > 2000 ? 1414 : 14);

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { demo: 12 });
}, 120_000);
afterAll(() => t.close());

describe('the fuzz', () => {
  let result: FuzzResult;

  // 150 ms a request at most: CI runs the PostgreSQL step beside the browser suite, on 2 cores (docs/decisions.md,
  // "CI in two lanes"); a 5xx or a leak fails it, not its pace.
  it(`answers ${REQUESTS} garbage requests without a 5xx, a leak or a malformed error (seed ${SEED})`, { timeout: Math.max(60_000, REQUESTS * 150) }, async () => {
    const [superAdmin] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.name, SUPER_ADMIN_ROLE));
    const started = Date.now();
    result = await runFuzz({
      app: t.app,
      seed: SEED,
      requests: REQUESTS,
      admin: ADMIN,
      protectedIds: [await adminId(t), superAdmin.id],
      png: PNG,
      concurrency: Number(process.env.FUZZ_CONCURRENCY ?? 1),
      log: REQUESTS > 2000 ? (line) => console.log(line) : undefined,
    });
    console.log(`${formatResult(result)}\n  took ${((Date.now() - started) / 1000).toFixed(1)} s (FUZZ_SEED=${SEED} replays it)`);
    expect(result.requests).toBeGreaterThanOrEqual(REQUESTS * 0.99);
    expect(result.covered, 'every operation of the document was called').toBe(result.operations);
    expect(result.findings.map((f) => `[${f.kind} ${f.status}] ${f.request} → ${f.body.slice(0, 300)}`)).toEqual([]);
  });

  it('leaves the server healthy: a list call and a login still work', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/admin', remoteAddress: '127.0.0.1', payload: ADMIN });
    expect(login.statusCode, login.body).toBe(201);
    const token = login.json().accessToken as string;
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/region?range=[0,9]&sort=["name","ASC"]', headers: { authorization: `Bearer ${token}` } });
    expect(list.statusCode, list.body).toBe(200);
    expect(Array.isArray(list.json())).toBe(true);
    const stats = await t.app.inject({ method: 'GET', url: '/api/v1/stats', headers: { authorization: `Bearer ${token}` } });
    expect(stats.statusCode, stats.body).toBe(200);
  });
});

describe('the leak check', () => {
  it('recognises stack lines, SQL text and database errors, and lets ordinary messages through', () => {
    expect(leakIn('{"message":"boom\\n    at handler (/app/src/server/routes/x.ts:10:5)"}')).toBeTruthy();
    expect(leakIn('Error: x\n    at Object.<anonymous> (file.js:1:2)')).toBeTruthy();
    expect(leakIn('select "id", "name" from "region" where "id" = $1')).toBeTruthy();
    expect(leakIn('insert into "user" ("id") values ($1)')).toBeTruthy();
    expect(leakIn('syntax error at or near "x"')).toBeTruthy();
    expect(leakIn('relation "regionz" does not exist')).toBeTruthy();
    expect(leakIn('{"code":"22P02"}')).toBeTruthy();
    expect(leakIn('{"statusCode":404,"error":"Not Found","message":"Region not found"}')).toBeUndefined();
    expect(leakIn('{"statusCode":400,"error":"Bad Request","message":"Select a region first"}')).toBeUndefined();
  });
});
