import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { inspect } from 'node:util';
import { ConfigError, loadConfig, parseDuration, parseStorageUrl, startWarnings } from './config';

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
    // OWASP's scrypt row N 2^13 (p 10, auth/passwords.ts) and a 30-day absolute session lifetime.
    expect(c).toMatchObject({ scryptN: 2 ** 13, sessionMaxAgeSeconds: 30 * 86400 });
  });

  it('wants JWT secrets of at least 32 characters and a sane SCRYPT_N', () => {
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(31) })).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ JWT_REFRESH_SECRET: 'x'.repeat(31) })).toThrow(/JWT_REFRESH_SECRET must be at least 32 characters/);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), JWT_REFRESH_SECRET: 'y'.repeat(32) }).jwtSecret).toHaveLength(32);
    expect(() => loadConfig({ SCRYPT_N: '100000' })).toThrow(/SCRYPT_N must be a power of two/);
    expect(() => loadConfig({ SCRYPT_N: '4096' })).toThrow(/SCRYPT_N must be a power of two from 8192/);
    expect(loadConfig({ SCRYPT_N: '16384', SESSION_MAX_AGE: '12h' })).toMatchObject({ scryptN: 16384, sessionMaxAgeSeconds: 43200 });
  });

  it('takes the throttle’s first delay in whole milliseconds, 1 s unless set', () => {
    expect(loadConfig({})).toMatchObject({ loginFirstDelayMs: 1000 });
    expect(loadConfig({ LOGIN_DELAY_MS: '100' })).toMatchObject({ loginFirstDelayMs: 100 });
    expect(() => loadConfig({ LOGIN_DELAY_MS: '99' })).toThrow(/LOGIN_DELAY_MS must be from 100 to 60000/);
    expect(() => loadConfig({ LOGIN_DELAY_MS: '1.5' })).toThrow(/LOGIN_DELAY_MS must be a whole number/);
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
    const ok = loadConfig({ DATABASE_URL: 'postgres://localhost/db', JWT_SECRET: 'a'.repeat(32), JWT_REFRESH_SECRET: 'b'.repeat(32) });
    expect(ok.databaseUrl).toBe('postgres://localhost/db');
  });

  it('treats empty variables as unset and parses flags', () => {
    expect(loadConfig({ PORT: '', DEMO_DATA: 'off' })).toMatchObject({ port: 3000, demoData: false });
    expect(loadConfig({ DEMO_DATA: 'yes' }).demoData).toBe(true);
  });

  it('runs one process per core on PostgreSQL and refuses several on the embedded database', () => {
    const pg = { DATABASE_URL: 'postgres://localhost/db', JWT_SECRET: 'a'.repeat(32), JWT_REFRESH_SECRET: 'b'.repeat(32) };
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig(pg).workers).toBe(os.availableParallelism());
    expect(loadConfig({ ...pg, WORKERS: '3' }).workers).toBe(3);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS must be 1 with the embedded database/);
    expect(() => loadConfig({ ...pg, WORKERS: '0' })).toThrow(/WORKERS must be at least 1/);
  });
});

describe('start warnings', () => {
  it('warn that TRUST_PROXY=true believes every client, and suggest naming the proxies', () => {
    const [warning, ...more] = startWarnings(loadConfig({ TRUST_PROXY: 'true' }));
    expect(more).toEqual([]);
    expect(warning).toMatch(/every client/);
    expect(warning).toMatch(/TRUST_PROXY=10\./);
  });
  it('say nothing when the proxies are named, or none is trusted', () => {
    expect(startWarnings(loadConfig({ TRUST_PROXY: '10.0.0.5' }))).toEqual([]);
    expect(startWarnings(loadConfig({}))).toEqual([]);
  });
});

describe('STORAGE_URL', () => {
  it('is the local disk when unset', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'disk' });
  });

  it('reads an S3-compatible endpoint with credentials, region and tls', () => {
    const s = loadConfig({ STORAGE_URL: 's3://AKID:se%2Fcr%2Bet@minio.local:9000/dacha-uploads?region=eu-central-1&tls=false' }).storage;
    expect(s).toMatchObject({ kind: 's3', bucket: 'dacha-uploads', region: 'eu-central-1', endpoint: 'http://minio.local:9000', credentials: { accessKeyId: 'AKID' } });
    expect(s.kind === 's3' && s.credentials?.secretAccessKey).toBe('se/cr+et');
    expect(parseStorageUrl('s3://s3.example.com/bucket-1')).toMatchObject({ endpoint: 'https://s3.example.com', region: 'us-east-1' });
  });

  it('reads s3://bucket as AWS S3 itself, with the region and credentials from the AWS variables', () => {
    const s = loadConfig({ STORAGE_URL: 's3://dacha-uploads', AWS_REGION: 'eu-west-1' }).storage;
    expect(s).toEqual({ kind: 's3', bucket: 'dacha-uploads', region: 'eu-west-1' });
  });

  it('keeps the secret out of printing and JSON', () => {
    const config = loadConfig({ STORAGE_URL: 's3://AKID:TopSecret123@localhost:9000/bucket' });
    expect(JSON.stringify(config)).not.toContain('TopSecret123');
    expect(inspect(config, { depth: 9 })).not.toContain('TopSecret123');
  });

  it('names the problem of a malformed value without quoting it (it may hold the secret)', () => {
    const cases: [string, RegExp][] = [
      ['not a url', /not a valid URL/],
      ['https://AKID:TopSecret123@host/bucket', /must start with s3:\/\//],
      ['s3://AKID:TopSecret123@host/Bad_Bucket', /bucket name/],
      ['s3://AKID:TopSecret123@host/bucket/deeper', /one bucket/],
      ['s3://AKID:TopSecret123@host/bucket?tls=maybe', /tls must be true or false/],
      ['s3://AKID:TopSecret123@host/bucket?acl=public', /unknown option "acl"/],
      ['s3://AKID@host/bucket', /both the access key and the secret/],
      ['s3://AKID:Top%E0Secret123@host/bucket', /badly percent-encoded/],
      ['s3://bucket:9000', /needs the bucket after the host/],
    ];
    for (const [value, message] of cases) {
      try {
        loadConfig({ STORAGE_URL: value });
        expect.unreachable(value);
      } catch (err) {
        expect(err, value).toBeInstanceOf(ConfigError);
        expect((err as ConfigError).problems.join('\n'), value).toMatch(message);
        expect((err as ConfigError).message).not.toContain('TopSecret123');
      }
    }
  });
});
