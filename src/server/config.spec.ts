import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDuration } from './config';

describe('parseDuration', () => {
  it('reads seconds, minutes, hours and days', () => {
    expect([parseDuration('90s'), parseDuration('15m'), parseDuration('2h'), parseDuration('7d'), parseDuration('30')]).toEqual([90, 900, 7200, 604800, 30]);
  });
  it('rejects malformed and zero durations', () => {
    expect([parseDuration('soon'), parseDuration('0s'), parseDuration('-5m'), parseDuration('1w')]).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', accessTokenTtlSeconds: 900, refreshTokenTtlSeconds: 604800, adminUsername: 'admin', maxUploadBytes: 5 * 1024 * 1024 });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
  });

  it('reports every problem on its own line', () => {
    try {
      loadConfig({ PORT: 'eighty', ACCESS_TOKEN_TTL: 'soon', DEMO_DATA: 'maybe' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems;
      expect(problems).toHaveLength(3);
      expect(problems.join('\n')).toMatch(/PORT/);
      expect(problems.join('\n')).toMatch(/ACCESS_TOKEN_TTL must be a duration/);
      expect(problems.join('\n')).toMatch(/DEMO_DATA must be on or off/);
    }
  });

  it('requires both JWT secrets with PostgreSQL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/db' })).toThrow(/JWT_SECRET and JWT_REFRESH_SECRET are required/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres/);
    const ok = loadConfig({ DATABASE_URL: 'postgres://localhost/db', JWT_SECRET: 'a'.repeat(20), JWT_REFRESH_SECRET: 'b'.repeat(20) });
    expect(ok.databaseUrl).toBe('postgres://localhost/db');
  });

  it('treats empty variables as unset and parses flags', () => {
    expect(loadConfig({ PORT: '', DEMO_DATA: 'off' })).toMatchObject({ port: 3000, demoData: false });
    expect(loadConfig({ DEMO_DATA: 'yes' }).demoData).toBe(true);
  });

  it('runs one process per core on PostgreSQL and refuses several on the embedded database', () => {
    const pg = { DATABASE_URL: 'postgres://localhost/db', JWT_SECRET: 'a'.repeat(20), JWT_REFRESH_SECRET: 'b'.repeat(20) };
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig(pg).workers).toBe(os.availableParallelism());
    expect(loadConfig({ ...pg, WORKERS: '3' }).workers).toBe(3);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS must be 1 with the embedded database/);
    expect(() => loadConfig({ ...pg, WORKERS: '0' })).toThrow(/WORKERS must be at least 1/);
  });
});
