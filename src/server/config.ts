/**
 * Configuration from the environment (DESIGN §4), validated at start. Every problem becomes one clear line; the
 * entry point prints them and exits without a stack trace.
 */
import { z } from 'zod';
import os from 'node:os';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  uploadsDir: string;
  jwtSecret?: string;
  jwtRefreshSecret?: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** A session's absolute lifetime from its login, whatever its refreshes. */
  sessionMaxAgeSeconds: number;
  /** scrypt's N for new password hashes; p follows from it (OWASP's table); hashes made otherwise are redone at login. */
  scryptN: number;
  adminUsername: string;
  adminPassword?: string;
  demoData?: boolean;
  mapTileUrl: string;
  /** A Nominatim-compatible search (`…/search?format=json&q=`) for the admin's location picker. */
  geocoderUrl: string;
  /** The marketplace's time zone (IANA name, `APP_TIME_ZONE`): exports write times in it, the panel shows them in it. */
  timeZone: string;
  maxUploadBytes: number;
  /**
   * Password attempts per (username, address) in `loginWindowSeconds` before 429; past the same number per username
   * alone or per address alone, each attempt waits a doubling delay (repos/throttle.ts).
   */
  loginMaxAttempts: number;
  loginWindowSeconds: number;
  /** The first of those delays (`LOGIN_DELAY_MS`, 1 s); each next one doubles, up to ten of it. Tests shorten it. */
  loginFirstDelayMs: number;
  /** Folder of the built admin; absent → the API runs without the panel. */
  adminDistDir: string;
  logLevel: string;
  /**
   * Whose `X-Forwarded-For` to believe (Fastify's `trustProxy`): off by default, so a client cannot pick the address
   * the login throttle counts; `true`, or the proxies' addresses (comma-separated) behind a balancer.
   */
  trustProxy: boolean | string;
  /** Audit entries older than this many days are deleted (at start and daily); undefined keeps them forever. */
  auditRetentionDays?: number;
  /** Deleted records' files are kept this many days, so a revert can bring them back; a daily sweep removes them after. */
  deletedFilesDays: number;
  /** How long a moderator's claim on a cottage in the moderation queue lasts (`CLAIM_MINUTES`). */
  claimMinutes: number;
  /** Server processes sharing the port (node:cluster): the cores on PostgreSQL, 1 for the embedded database. */
  workers: number;
  /** Where uploads live: `DATA_DIR/uploads` (default) or an S3-compatible bucket (`STORAGE_URL`). */
  storage: StorageConfig;
  /** Origins allowed to call the API from a browser (CORS); empty → CORS off (the panel is same-origin). */
  corsOrigins: string[];
  /** Per user: the expensive calls (exports, uploads, imports) allowed in `rateLimitWindowSeconds` before 429. */
  rateLimitMax: number;
  rateLimitWindowSeconds: number;
  /** Per API key: the calls allowed a minute before 429 (issue #36), counted per server process. */
  apiKeyRateMax: number;
  /** Open change streams (`GET /events`) one server process holds; 503 with Retry-After beyond. */
  eventStreamsMax: number;
  /** Of those, what one account may hold (a tab each); 429 with Retry-After beyond. */
  eventStreamsPerUser: number;
  /** `WEBHOOK_ALLOW_PRIVATE=1`: webhooks may reach private, loopback and link-local addresses (tests, a closed network). */
  webhookAllowPrivate: boolean;
  /** `WEBHOOK_TIME_SCALE`: multiplies the webhooks' retry delays and their 24-hour windows (tests: e.g. 0.001). */
  webhookTimeScale: number;
  /** A CSV import (`POST <resource>/import`) holds at most this many rows (400 beyond). */
  importMaxRows: number;
  /** An uploaded image may declare at most this many pixels (refused with 413 beyond); stored at most 4096 px wide/high. */
  maxImagePixels: number;
  /** How long a stop (SIGTERM, SIGINT) may wait for the requests in flight before the process ends anyway. */
  shutdownTimeoutSeconds: number;
}

export type StorageConfig = { kind: 'disk' } | S3StorageConfig;

export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  region: string;
  /** `http(s)://host:port` of an S3-compatible server (MinIO, …), addressed path-style; absent → AWS S3 itself. */
  endpoint?: string;
  /** Absent → the AWS SDK's usual sources (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, profiles, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/**
 * scrypt's N for new password hashes unless `SCRYPT_N` says otherwise: a row of OWASP's table of equal defence
 * (auth/passwords.ts, `owaspP`), the one that costs this server's CPU least (decisions: "The morning login, measured").
 */
export const DEFAULT_SCRYPT_N = 2 ** 13;

/** HS256 keys shorter than this are guessable offline from one token (ASVS 5.0: 256 bits for an HMAC key). */
export const JWT_SECRET_MIN = 32;

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** `90s`, `15m`, `7d`, `2h`, or plain seconds → seconds; undefined when malformed. */
export function parseDuration(value: string): number | undefined {
  const match = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  if (!match) return undefined;
  const seconds = Number(match[1]) * UNITS[match[2] || 's'];
  return seconds > 0 ? seconds : undefined;
}

const duration = (name: string, fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v, ctx) => {
      const s = parseDuration(v);
      if (s === undefined) ctx.addIssue({ code: 'custom', message: `${name} must be a duration like 90s, 15m or 7d (got "${v}")` });
      return s ?? 0;
    });

const flag = (name: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      if (/^(1|true|yes|on)$/i.test(v)) return true;
      if (/^(0|false|no|off)$/i.test(v)) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be on or off (got "${v}")` });
      return undefined;
    });

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^postgres(ql)?:\/\//.test(v), 'DATABASE_URL must start with postgres:// or postgresql://'),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: z.string().min(JWT_SECRET_MIN, `JWT_SECRET must be at least ${JWT_SECRET_MIN} characters (e.g. openssl rand -base64 48)`).optional(),
  JWT_REFRESH_SECRET: z
    .string()
    .min(JWT_SECRET_MIN, `JWT_REFRESH_SECRET must be at least ${JWT_SECRET_MIN} characters (e.g. openssl rand -base64 48)`)
    .optional(),
  ACCESS_TOKEN_TTL: duration('ACCESS_TOKEN_TTL', '15m'),
  REFRESH_TOKEN_TTL: duration('REFRESH_TOKEN_TTL', '7d'),
  SESSION_MAX_AGE: duration('SESSION_MAX_AGE', '30d'),
  SCRYPT_N: z.coerce
    .number({ message: 'SCRYPT_N must be a number' })
    .refine((n) => Number.isInteger(Math.log2(n)) && n >= 2 ** 13 && n <= 2 ** 20, 'SCRYPT_N must be a power of two from 8192 (2^13) to 1048576 (2^20)')
    .default(DEFAULT_SCRYPT_N),
  ADMIN_USERNAME: z.string().min(1, 'ADMIN_USERNAME must not be empty').max(64).default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  DEMO_DATA: flag('DEMO_DATA'),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  GEOCODER_URL: z.string().default('https://nominatim.openstreetmap.org/search'),
  APP_TIME_ZONE: z
    .string()
    .default('Asia/Tashkent')
    .refine(isTimeZone, 'APP_TIME_ZONE must be an IANA time zone such as Asia/Tashkent or UTC'),
  MAX_UPLOAD_MB: z.coerce.number({ message: 'MAX_UPLOAD_MB must be a number' }).positive('MAX_UPLOAD_MB must be positive').default(5),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().positive().default(10),
  LOGIN_WINDOW: duration('LOGIN_WINDOW', '15m'),
  LOGIN_DELAY_MS: z.coerce
    .number({ message: 'LOGIN_DELAY_MS must be a number of milliseconds' })
    .int('LOGIN_DELAY_MS must be a whole number of milliseconds')
    .min(100, 'LOGIN_DELAY_MS must be from 100 to 60000')
    .max(60_000, 'LOGIN_DELAY_MS must be from 100 to 60000')
    .default(1000),
  ADMIN_DIST_DIR: z.string().default('./dist/admin'),
  AUDIT_RETENTION_DAYS: z.coerce
    .number({ message: 'AUDIT_RETENTION_DAYS must be a number of days' })
    .int('AUDIT_RETENTION_DAYS must be a whole number of days')
    .positive('AUDIT_RETENTION_DAYS must be at least 1')
    .optional(),
  DELETED_FILES_DAYS: z.coerce
    .number({ message: 'DELETED_FILES_DAYS must be a number of days' })
    .int('DELETED_FILES_DAYS must be a whole number of days')
    .positive('DELETED_FILES_DAYS must be at least 1')
    .default(30),
  WEBHOOK_ALLOW_PRIVATE: z.enum(['0', '1'], { message: 'WEBHOOK_ALLOW_PRIVATE must be 0 or 1' }).default('0'),
  WEBHOOK_TIME_SCALE: z.coerce
    .number({ message: 'WEBHOOK_TIME_SCALE must be a number' })
    .positive('WEBHOOK_TIME_SCALE must be more than 0')
    .max(1, 'WEBHOOK_TIME_SCALE must be at most 1')
    .default(1),
  CLAIM_MINUTES: z.coerce
    .number({ message: 'CLAIM_MINUTES must be a number of minutes' })
    .positive('CLAIM_MINUTES must be more than 0')
    .max(1440, 'CLAIM_MINUTES must be at most 1440 (a day)')
    .default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  WORKERS: z.coerce
    .number({ message: 'WORKERS must be a number of processes' })
    .int('WORKERS must be a whole number')
    .min(1, 'WORKERS must be at least 1')
    .max(64, 'WORKERS must be at most 64')
    .optional(),
  STORAGE_URL: z.string().optional(),
  SHUTDOWN_TIMEOUT: duration('SHUTDOWN_TIMEOUT', '10s'),
  AWS_REGION: z.string().optional(),
  CORS_ORIGINS: z.string().optional(),
  RATE_LIMIT_MAX: z.coerce
    .number({ message: 'RATE_LIMIT_MAX must be a number of calls' })
    .int('RATE_LIMIT_MAX must be a whole number')
    .positive('RATE_LIMIT_MAX must be at least 1')
    .default(30),
  RATE_LIMIT_WINDOW: duration('RATE_LIMIT_WINDOW', '1m'),
  API_KEY_RATE_MAX: z.coerce
    .number({ message: 'API_KEY_RATE_MAX must be a number of calls' })
    .int('API_KEY_RATE_MAX must be a whole number')
    .positive('API_KEY_RATE_MAX must be at least 1')
    .default(600),
  EVENT_STREAMS_MAX: z.coerce
    .number({ message: 'EVENT_STREAMS_MAX must be a number of streams' })
    .int('EVENT_STREAMS_MAX must be a whole number')
    .positive('EVENT_STREAMS_MAX must be at least 1')
    .default(1000),
  EVENT_STREAMS_PER_USER: z.coerce
    .number({ message: 'EVENT_STREAMS_PER_USER must be a number of streams' })
    .int('EVENT_STREAMS_PER_USER must be a whole number')
    .positive('EVENT_STREAMS_PER_USER must be at least 1')
    .default(20),
  IMPORT_MAX_ROWS: z.coerce
    .number({ message: 'IMPORT_MAX_ROWS must be a number of rows' })
    .int('IMPORT_MAX_ROWS must be a whole number')
    .positive('IMPORT_MAX_ROWS must be at least 1')
    .max(1_000_000, 'IMPORT_MAX_ROWS must be at most 1000000')
    .default(10_000),
  MAX_IMAGE_MEGAPIXELS: z.coerce
    .number({ message: 'MAX_IMAGE_MEGAPIXELS must be a number' })
    .positive('MAX_IMAGE_MEGAPIXELS must be positive')
    .max(250, 'MAX_IMAGE_MEGAPIXELS must be at most 250')
    .default(50),
});

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** `CORS_ORIGINS`: comma-separated origins, each `scheme://host[:port]` as a browser sends it in `Origin`. */
function corsOrigins(value: string | undefined, problems: string[]): string[] {
  const origins = (value ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  for (const origin of origins) {
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== origin.replace(/\/$/, '')) {
      problems.push(`CORS_ORIGINS: "${origin}" is not an origin like https://admin.example.com (scheme, host and port only)`);
    }
  }
  return origins.map((o) => o.replace(/\/$/, ''));
}

/** `TRUST_PROXY`: unset or `false` → off, `true` → any proxy, else the proxies' addresses or CIDRs. */
function trustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false;
  return value === 'true' ? true : value;
}

/**
 * What the server says at start about settings that work but weaken something: `TRUST_PROXY=true` believes every
 * client's `X-Forwarded-For`, so anyone reaching the port directly picks the address the login throttle and the
 * second factor's lock record.
 */
export function startWarnings(config: Pick<Config, 'trustProxy'>): string[] {
  const warnings: string[] = [];
  if (config.trustProxy === true) {
    warnings.push(
      'TRUST_PROXY=true believes every client’s X-Forwarded-For: any client that reaches this port directly can pick the address the login throttle counts. ' +
        'Name the proxies instead, e.g. TRUST_PROXY=10.0.0.5,10.0.1.0/24',
    );
  }
  return warnings;
}

const STORAGE_FORMS = 'expected s3://bucket or s3://ACCESS_KEY:SECRET@host:port/bucket?region=…&tls=false';
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * `STORAGE_URL` → the S3 settings, or the problem. Messages never quote the value: it may hold the secret key, which
 * is also kept out of the settings' enumerable fields so that printing or logging the config cannot show it.
 */
export function parseStorageUrl(value: string, env: { AWS_REGION?: string } = {}): S3StorageConfig | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `STORAGE_URL is not a valid URL (${STORAGE_FORMS})`;
  }
  if (url.protocol !== 's3:') return `STORAGE_URL must start with s3:// (${STORAGE_FORMS})`;
  const path = url.pathname.replace(/^\/|\/$/g, '');
  // s3://bucket is AWS itself; with a path the host is the endpoint and the path the bucket.
  const bucket = path || url.hostname;
  if (path.includes('/')) return 'STORAGE_URL names one bucket: s3://host:port/bucket, without further path';
  if (!BUCKET.test(bucket)) return 'STORAGE_URL: the bucket name must be 3–63 lowercase letters, digits, dots or hyphens';
  for (const key of url.searchParams.keys()) {
    if (key !== 'region' && key !== 'tls') return `STORAGE_URL: unknown option "${key}" (region and tls are known)`;
  }
  const tls = url.searchParams.get('tls') ?? 'true';
  if (tls !== 'true' && tls !== 'false') return 'STORAGE_URL: tls must be true or false';
  if (!path && (url.port || tls === 'false')) return 'STORAGE_URL: a port or tls=false needs the bucket after the host (s3://host:port/bucket)';
  let user: string, secret: string;
  try {
    user = decodeURIComponent(url.username);
    secret = decodeURIComponent(url.password);
  } catch {
    return 'STORAGE_URL: the access key or secret is badly percent-encoded';
  }
  if (Boolean(user) !== Boolean(secret)) return 'STORAGE_URL: give both the access key and the secret (s3://KEY:SECRET@…) or neither';
  const config: S3StorageConfig = {
    kind: 's3',
    bucket,
    region: url.searchParams.get('region') || env.AWS_REGION || 'us-east-1',
    ...(path ? { endpoint: `${tls === 'true' ? 'https' : 'http'}://${url.host}` } : {}),
  };
  if (user) {
    config.credentials = Object.defineProperty({ accessKeyId: user }, 'secretAccessKey', { value: secret, enumerable: false }) as {
      accessKeyId: string;
      secretAccessKey: string;
    };
  }
  return config;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty variables count as unset, as in most twelve-factor tools.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => (i.path.length && !i.message.includes(String(i.path[0])) ? `${String(i.path[0])}: ${i.message}` : i.message)));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.DATABASE_URL && (!e.JWT_SECRET || !e.JWT_REFRESH_SECRET)) {
    problems.push('JWT_SECRET and JWT_REFRESH_SECRET are required when DATABASE_URL is set (several servers must share them)');
  }
  if (!e.DATABASE_URL && e.WORKERS && e.WORKERS > 1) {
    problems.push('WORKERS must be 1 with the embedded database (it allows one process); set DATABASE_URL to run several');
  }
  if (e.JWT_SECRET && e.JWT_SECRET === e.JWT_REFRESH_SECRET) {
    problems.push('JWT_SECRET and JWT_REFRESH_SECRET must differ');
  }
  let storage: StorageConfig = { kind: 'disk' };
  if (e.STORAGE_URL) {
    const parsed = parseStorageUrl(e.STORAGE_URL, e);
    if (typeof parsed === 'string') problems.push(parsed);
    else storage = parsed;
  }
  const origins = corsOrigins(e.CORS_ORIGINS, problems);
  if (problems.length) throw new ConfigError(problems);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    jwtSecret: e.JWT_SECRET,
    jwtRefreshSecret: e.JWT_REFRESH_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL,
    sessionMaxAgeSeconds: e.SESSION_MAX_AGE,
    scryptN: e.SCRYPT_N,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    demoData: e.DEMO_DATA,
    mapTileUrl: e.MAP_TILE_URL,
    geocoderUrl: e.GEOCODER_URL,
    timeZone: e.APP_TIME_ZONE,
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    loginMaxAttempts: e.LOGIN_MAX_ATTEMPTS,
    loginWindowSeconds: e.LOGIN_WINDOW,
    loginFirstDelayMs: e.LOGIN_DELAY_MS,
    adminDistDir: path.resolve(e.ADMIN_DIST_DIR),
    logLevel: e.LOG_LEVEL,
    trustProxy: trustProxy(e.TRUST_PROXY),
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    deletedFilesDays: e.DELETED_FILES_DAYS,
    claimMinutes: e.CLAIM_MINUTES,
    workers: e.WORKERS ?? (e.DATABASE_URL ? os.availableParallelism() : 1),
    storage,
    corsOrigins: origins,
    rateLimitMax: e.RATE_LIMIT_MAX,
    rateLimitWindowSeconds: e.RATE_LIMIT_WINDOW,
    apiKeyRateMax: e.API_KEY_RATE_MAX,
    eventStreamsMax: e.EVENT_STREAMS_MAX,
    eventStreamsPerUser: e.EVENT_STREAMS_PER_USER,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === '1',
    webhookTimeScale: e.WEBHOOK_TIME_SCALE,
    importMaxRows: e.IMPORT_MAX_ROWS,
    maxImagePixels: Math.round(e.MAX_IMAGE_MEGAPIXELS * 1e6),
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT,
  };
}
