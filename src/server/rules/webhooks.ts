/**
 * What a webhook is made of, without the database (issue #36): Standard Webhooks secrets and signatures, the retry
 * schedule, the payload's record stripped of secrets, and the guard that keeps deliveries off private addresses.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { SECRET_FIELD } from './secret-fields';

/** A new signing secret, as the Standard Webhooks specification writes it: `whsec_` and 24 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** A new message id (`webhook-id`): stable over every attempt of one message. */
export const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed with the secret's base64 part. */
function signature(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}

/** The three headers of one attempt; during a rotation's overlap both secrets sign (space-separated). */
export function webhookHeaders(secrets: string[], messageId: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signature(s, messageId, timestamp, body)).join(' '),
  };
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** After the first attempt: 5 s and 30 s (a hiccup costs seconds), then 2 min, 10 min, 1 h, 3 h, then every 6 h. */
const RETRY_DELAYS_MS = [5 * SECOND, 30 * SECOND, 2 * MINUTE, 10 * MINUTE, HOUR, 3 * HOUR, 6 * HOUR];
/** A message is retried for this long after it was written; an endpoint failing this long is turned off. */
export const GIVE_UP_MS = 24 * HOUR;
/** How long a taken message is leased to its worker: a worker killed mid-delivery leaves it due again after. */
const LEASE_MS = 60 * SECOND;
/** The answer a receiver has to give in. */
export const DELIVERY_TIMEOUT_MS = 10 * SECOND;

/**
 * The lease, scaled like the retries (`WEBHOOK_TIME_SCALE`, for tests), but never shorter than twice the delivery's
 * timeout: a lease ending while its delivery may still be under way would let another worker send it a second time.
 */
export const leaseMs = (scale = 1) => Math.max(LEASE_MS * scale, 2 * DELIVERY_TIMEOUT_MS);

/** The wait before the retry that follows attempt `attempts` (1-based), ±20 % jitter, scaled (`WEBHOOK_TIME_SCALE`). */
export function retryDelayMs(attempts: number, scale = 1, random = Math.random): number {
  const base = RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1];
  return Math.round(base * scale * (0.8 + 0.4 * random()));
}

/** Keys a payload never carries, at any depth: passwords, hashes, tokens, secrets, second-factor codes. */
const NEVER_SENT = new RegExp(`${SECRET_FIELD.source}|recovery|totp|otp`, 'i');

export const isSecretKey = (key: string) => NEVER_SENT.test(key);

/** A record as a payload may carry it: JSON, without any secret-named key at any depth. */
export function withoutSecrets(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value, (key, v: unknown) => (key && NEVER_SENT.test(key) ? undefined : v)) ?? 'null');
}

/** Does an endpoint listening to `events` want `type` (`region.edit`)? `*` all, `region.*` all of a resource. */
export function wants(events: readonly string[], type: string): boolean {
  const resource = type.slice(0, type.indexOf('.'));
  return events.some((e) => e === '*' || e === type || e === `${resource}.*`);
}

// The addresses a webhook may never reach (unless WEBHOOK_ALLOW_PRIVATE=1): this host, private networks, link-local
// (the clouds' metadata service at 169.254.169.254), carrier-grade NAT, multicast, reserved and unique-local IPv6.
const BLOCKED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const) {
  BLOCKED.addSubnet(net, bits, 'ipv6');
}

/** An IPv4 address an IPv6 one carries (`::ffff:10.0.0.1`, NAT64 `64:ff9b::a00:1`), else undefined. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const [hi, lo] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return undefined;
}

/** Is this IP address (v4 or v6) one a webhook must not reach? Anything that is not an address is refused. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return BLOCKED.check(bare, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    return v4 ? isPrivateAddress(v4) : BLOCKED.check(bare, 'ipv6');
  }
  return true;
}

export type UrlProblem = 'invalid' | 'scheme' | 'credentials' | 'private' | 'unresolved';

/** The URL's form: http or https, a host, no user or password in it. */
function urlFormProblem(text: string): UrlProblem | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
  if (!url.hostname) return 'invalid';
  if (url.username || url.password) return 'credentials';
  return undefined;
}

/** Every address `host` resolves to (an IP literal is its own), within `timeoutMs`. */
export async function resolveHost(host: string, timeoutMs = 3000): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return [bare];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`resolving ${host} took longer than ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const found = await Promise.race([lookup(bare, { all: true, verbatim: true }), timeout]);
    return found.map((a) => a.address);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Where an endpoint's URL may point, checked when it is saved: its form, then (unless private addresses are allowed)
 * the host's every address. A name that does not resolve now is accepted (each delivery checks again).
 */
export async function urlProblem(text: string, allowPrivate: boolean): Promise<UrlProblem | undefined> {
  const form = urlFormProblem(text);
  if (form || allowPrivate) return form;
  const host = new URL(text).hostname;
  if (host === 'localhost' || host.endsWith('.localhost')) return 'private';
  let addresses: string[];
  try {
    addresses = await resolveHost(host);
  } catch {
    return undefined;
  }
  return addresses.some(isPrivateAddress) ? 'private' : undefined;
}
