/**
 * A garbage generator driven by the OpenAPI document the app serves, and a runner that fires it through `inject()`.
 *
 * Every operation of `/docs/json` is called — first once each, then at random — with bodies that start from the
 * operation's own schema (so they reach the route's code) and are then broken: missing, extra and mistyped fields,
 * huge and control-character strings, odd numbers, malformed JSON, wrong content types, garbage multipart, malformed
 * path ids and hostile `range`/`sort`/`filter`. Half a dozen token modes, from a valid admin token to forged ones.
 *
 * Everything random comes from one seeded generator, so a seed reproduces a run (ids the database makes differ, the
 * sequence of requests does not). A finding is a response ≥ 500, a body that leaks internals (a stack line, SQL text,
 * a database error code) or an error body that is not `{statusCode, error, message}`.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { prng } from '../src/server/seed/demo';

type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
};
type Parameter = { in: string; name: string; required?: boolean; schema?: Schema & { contentSchema?: Schema } };
type Operation = {
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
type OpenApiDoc = { paths: Record<string, Record<string, Operation>> };

interface Op {
  method: string;
  path: string;
  tag: string;
  op: Operation;
  isList: boolean;
  /** Field names of the records the list answers (for sort and filter keys). */
  recordFields: string[];
}

export interface Finding {
  kind: '5xx' | 'leak' | 'shape' | 'crash';
  status: number;
  request: string;
  body: string;
}

export interface FuzzResult {
  seed: number;
  requests: number;
  byClass: Record<string, number>;
  byStatus: Record<number, number>;
  findings: Finding[];
  relogins: number;
  /** The requests after which the run's own session had ended (it logged in again). */
  sessionEnders: string[];
  covered: number;
  /** Operations that answered at least one 2xx: how deep the garbage reached. */
  succeeded: string[];
  operations: number;
  allOperations: string[];
}

/** Words and shapes that must never reach a client: stack lines, SQL, database error codes and names. */
const LEAK_PATTERNS: RegExp[] = [
  /\n\s*at [^\n]*:\d+:\d+/, // a stack line
  /\bat (async )?[\w$.<>]+ \([^)]*:\d+:\d+\)/,
  /node_modules|\/src\/server\//,
  /\bselect\s+[\w"*(][^\n]{0,200}?\bfrom\s+"?\w/i,
  /\binsert\s+into\b/i,
  /\bdelete\s+from\b/i,
  /\bupdate\s+"?\w+"?\s+set\b/i,
  /syntax error/i,
  /\brelation\s+"/i,
  /\bcolumn\s+"/i,
  /violates [\w ]*constraint/i,
  /duplicate key value/i,
  /Failed query|DrizzleQueryError|PostgresError|pglite|node-postgres/i,
  /"code"\s*:\s*"[0-9A-Z]{5}"/,
  /"(sqlState|routine|severity)"\s*:/,
];

export function leakIn(body: string): string | undefined {
  for (const pattern of LEAK_PATTERNS) {
    const match = pattern.exec(body);
    if (match) return match[0];
  }
  return undefined;
}

// ------------------------------------------------------------------------------------------------ raw material

/** Strings that upset parsers, databases and renderers — none of them spells SQL, so an echo is never a "leak". */
const NASTY_STRINGS = [
  '',
  ' ',
  'a',
  'null',
  'undefined',
  'true',
  'false',
  '0',
  '-1',
  '-0',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '1e400',
  '0x1F',
  '99999999999999999999999999999',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0003\u001b[31m',
  '\r\n\r\n',
  '\t',
  '\u202e\u200b\ufeff',
  '\ud800',
  '\udfff\ud800',
  '😀'.repeat(40),
  'ﬀ İ ß Ω',
  '%00',
  '%s%s%n',
  '../../../../etc/passwd',
  '..\\..\\windows',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '"; --',
  '$1',
  '${7*7}',
  '{{7*7}}',
  '\\',
  '"',
  '[0,24]',
  '{"a":1}',
  '__proto__',
  'constructor',
  'toString',
  '2024-02-30T25:61:61Z',
  '0000-00-00',
  'ru',
  'uz-UZ',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '12345678-1234-1234-1234-123456789012',
  'x'.repeat(256),
  'x'.repeat(5001),
];

const ODD_NUMBERS = [0, -0, 1, -1, 0.5, -0.0001, 1e308, -1e308, 5e-324, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 53, 2 ** 53 + 2, 2 ** 63, 1e21, 123456789012, 999999999];
/** Number literals JSON.stringify cannot write; they go into the body text raw. */
const RAW_LITERALS = ['1e400', '-1e400', '123456789012345678901234567890', '-0.0', '0e0', '1E+2', '-9223372036854775809', '0.0000000000000000000000001'];

class Rng {
  private readonly g: ReturnType<typeof prng>;
  constructor(seed: number) {
    this.g = prng(seed);
  }
  next() {
    return this.g.next();
  }
  int(n: number) {
    return Math.floor(this.g.next() * n);
  }
  chance(p: number) {
    return this.g.next() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }
  /** A uuid drawn from the generator (version 4 layout), so the sequence stays reproducible. */
  uuid() {
    const hex = () => this.int(16).toString(16);
    const part = (n: number) => Array.from({ length: n }, hex).join('');
    return `${part(8)}-${part(4)}-4${part(3)}-${this.pick(['8', '9', 'a', 'b'])}${part(3)}-${part(12)}`;
  }
  word() {
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    return Array.from({ length: 3 + this.int(8) }, () => letters[this.int(letters.length)]).join('');
  }
}

// ------------------------------------------------------------------------------------------------ the generator

interface Pools {
  /** Ids of existing records per OpenAPI tag. */
  byTag: Map<string, string[]>;
  /** Every id seen anywhere in a response. */
  all: string[];
  /** Ids that must not be hit (the admin's own account, SUPER-ADMIN): destroying them would end the run's meaning. */
  protectedIds: Set<string>;
}

const MALFORMED_IDS = [
  '0',
  '-1',
  'null',
  'NaN',
  '1e308',
  'abc',
  '%20',
  '%00',
  '%2e%2e%2f%2e%2e',
  '..',
  'undefined',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '12345678-1234-1234-1234-1234567890123',
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  '%F0%9F%98%80',
  '%FF%FE',
  '%C0%AE',
  '[1,2]',
  '%7B%7D',
  '9'.repeat(60),
  'a'.repeat(99),
  "'%20OR%20'1'%3D'1",
];

/** The object schema of a body with allOf/anyOf branches merged into one property list. */
function flatten(s: Schema | undefined): Schema {
  if (!s) return {};
  const branches = [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])].map(flatten);
  const properties = { ...(s.properties ?? {}) };
  const required = [...(s.required ?? [])];
  for (const b of branches) {
    Object.assign(properties, b.properties ?? {});
    if (s.allOf) required.push(...(b.required ?? []));
  }
  return { ...s, properties, required };
}

class Generator {
  constructor(
    readonly rng: Rng,
    readonly pools: Pools,
  ) {}

  nasty(): string {
    const r = this.rng;
    const roll = r.int(10);
    if (roll === 0) return 'y'.repeat(r.pick([1000, 70_000, 300_000]));
    if (roll === 1) return r.word() + r.pick(NASTY_STRINGS) + r.word();
    return r.pick(NASTY_STRINGS);
  }

  oddValue(depth = 0): unknown {
    const r = this.rng;
    switch (r.int(depth > 2 ? 5 : 9)) {
      case 0:
        return null;
      case 1:
        return r.pick(ODD_NUMBERS);
      case 2:
        return this.nasty();
      case 3:
        return r.chance(0.5);
      case 4:
        return String(r.pick(ODD_NUMBERS));
      case 5:
        return [];
      case 6:
        return {};
      case 7:
        return Array.from({ length: 1 + r.int(4) }, () => this.oddValue(depth + 1));
      default:
        return { [r.pick([r.word(), '__proto__', 'constructor', 'id', '$gt'])]: this.oddValue(depth + 1) };
    }
  }

  id(tag?: string, faithful = false): string {
    const r = this.rng;
    const own = tag ? (this.pools.byTag.get(tag) ?? []) : [];
    const roll = r.next();
    if (own.length && roll < (faithful ? 0.95 : 0.55)) return r.pick(own);
    if (this.pools.all.length && roll < 0.7) return r.pick(this.pools.all);
    if (roll < 0.82) return r.uuid();
    return r.pick(MALFORMED_IDS);
  }

  /** The tag of the operation being built: `ids` and `id` in its body name its own records. */
  currentTag = '';

  /** The tag of the records a property like `regionId`, `placeId` or `roles` points at. */
  private tagFor(name: string): string | undefined {
    if (name === 'ids' || name === 'id') return this.currentTag;
    const base = name.replace(/TranslateId$/, '').replace(/Ids?$/, '').replace(/s$/, '');
    if (/TranslateId$/.test(name)) return 'translate';
    for (const tag of this.pools.byTag.keys()) if (tag.toLowerCase() === base.toLowerCase()) return tag;
    return undefined;
  }

  /** A value that fits the schema (mostly): what a well-meaning client would send. */
  valid(s: Schema | undefined, name = '', depth = 0): unknown {
    const r = this.rng;
    if (!s) return r.word();
    if (s.enum?.length) return r.pick(s.enum);
    const branches = s.anyOf ?? s.oneOf;
    if (branches?.length) return this.valid(r.pick(branches), name, depth);
    if (s.allOf?.length) return this.valid(flatten(s), name, depth);
    const type = Array.isArray(s.type) ? r.pick(s.type.filter((t) => t !== 'null')) : s.type;
    if (type === 'object' || (!type && s.properties)) {
      if (depth > 4) return {};
      const out: Record<string, unknown> = {};
      const required = new Set(s.required ?? []);
      for (const [key, prop] of Object.entries(s.properties ?? {})) {
        if (prop.format === 'binary') continue;
        if (required.has(key) || r.chance(0.5)) out[key] = this.valid(prop, key, depth + 1);
      }
      return out;
    }
    if (type === 'array') {
      const n = Math.min(s.maxItems ?? 3, 1 + r.int(3));
      return Array.from({ length: n }, () => this.valid(s.items, name, depth + 1));
    }
    if (type === 'integer') return Math.max(s.minimum ?? 0, Math.min(s.maximum ?? 1000, r.int(1000)));
    if (type === 'number') return Math.max(s.minimum ?? 0, Math.min(s.maximum ?? 1e6, Math.round(r.next() * 1e6) / 100));
    if (type === 'boolean') return r.chance(0.5);
    // A translated field (a name, a description) is sent as a translation id.
    if (s.format === 'uuid' && /^(name|description|type|message)$/.test(name)) return this.id('translate', true);
    if (s.format === 'uuid' || /Id$/.test(name) || name === 'ids') {
      const tag = this.tagFor(name);
      return this.id(tag, Boolean(tag));
    }
    if (s.format === 'date-time') return new Date(Date.UTC(2026, r.int(12), 1 + r.int(28))).toISOString();
    if (s.format === 'date') return `2026-0${1 + r.int(9)}-1${r.int(9)}`;
    const min = s.minLength ?? 1;
    const max = Math.min(s.maxLength ?? 40, 40);
    let text = `fz ${r.word()}`;
    while (text.length < min) text += r.word();
    return text.slice(0, Math.max(min, max));
  }

  /** Breaks a valid-ish object in one or more ways. */
  mutate(value: unknown, s: Schema, gentle = false): unknown {
    const r = this.rng;
    if (!gentle && r.chance(0.12)) return this.oddValue(); // not an object at all
    if (!value || typeof value !== 'object' || Array.isArray(value)) return r.chance(0.5) ? value : this.oddValue();
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(flatten(s).properties ?? {});
    const rounds = gentle ? 1 : 1 + r.int(3);
    for (let i = 0; i < rounds; i++) {
      const key = keys.length && r.chance(0.8) ? r.pick(keys) : r.pick([r.word(), 'id', 'createdAt', 'passwordHash', 'isSuper', 'permissions']);
      switch (r.int(6)) {
        case 0:
          delete out[key];
          break;
        case 1:
          out[key] = this.oddValue();
          break;
        case 2:
          out[key] = this.nasty();
          break;
        case 3:
          out[key] = r.pick(ODD_NUMBERS);
          break;
        case 4:
          out[key] = Array.from({ length: r.pick([2, 20, 1001, 1500]) }, () => (r.chance(0.5) ? this.id() : this.oddValue(2)));
          break;
        default:
          out[`${r.word()}${r.int(100)}`] = this.oddValue();
      }
    }
    return out;
  }
}

// ------------------------------------------------------------------------------------------------ requests

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  tokenMode: TokenMode;
  /** Which operation it was derived from (coverage). */
  opKey: string;
}

type TokenMode = 'valid' | 'none' | 'forged' | 'throwaway';

function describeRequest(req: FuzzRequest): string {
  const headers = Object.entries(req.headers)
    .filter(([k]) => k !== 'authorization')
    .map(([k, v]) => `${k}: ${v.length > 120 ? `${v.slice(0, 120)}…(${v.length})` : v}`)
    .join('; ');
  let body = '';
  if (req.payload !== undefined) {
    const text = typeof req.payload === 'string' ? req.payload : req.payload.toString('latin1');
    body = ` body(${text.length}): ${JSON.stringify(text.slice(0, 400))}`;
  }
  const url = req.url.length > 400 ? `${req.url.slice(0, 400)}…(${req.url.length})` : req.url;
  return `${req.method} ${url} [token: ${req.tokenMode}] {${headers}}${body}`;
}

/** encodeURIComponent that also writes lone surrogates — as bytes no UTF-8 decoder accepts. */
function enc(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return encodeURIComponent(v.replace(/[\ud800-\udfff]/g, '\ufffd')).replaceAll('%EF%BF%BD', '%ED%A0%80');
  }
}

const LIST_SUFFIXES = ['', '', '', '_gte', '_lte', '_gt', '_lt', '_like', '_neq', '_q', '_in'];

function buildQuery(gen: Generator, op: Op): string {
  const r = gen.rng;
  const parts: string[] = [];
  const add = (k: string, v: string) => parts.push(`${enc(k)}=${r.chance(0.05) ? v : enc(v)}`);
  const fields = op.recordFields.length ? op.recordFields : ['id', 'name'];
  if (op.isList && r.chance(0.35)) {
    // What the panel sends: a page, a sort on a plain field, a search or a list of ids — so lists answer 200 too.
    const from = r.int(30);
    add('range', `[${from},${from + r.pick([0, 9, 24, 99])}]`);
    add('sort', JSON.stringify([r.pick(['id', 'createdAt', ...fields.filter((f) => /^(name|createdAt|price|status)$/.test(f))]), r.pick(['ASC', 'DESC'])]));
    const filter = r.pick([{}, { q: r.word().slice(0, 2) }, { q: gen.nasty() }, { id: [gen.id(op.tag), gen.id(op.tag)] }, { q: { toString: 1 } }]);
    add('filter', JSON.stringify(filter));
    return `?${parts.join('&')}`;
  }
  for (const p of op.op.parameters ?? []) {
    if (p.in !== 'query') continue;
    if (!r.chance(op.isList ? 0.6 : 0.5)) continue;
    if (p.name === 'range') {
      const good = `[${r.int(50)},${r.int(100)}]`;
      add(
        'range',
        r.pick([
          good,
          good,
          '[0,24]',
          '[-1,5]',
          '[5,0]',
          '[0,1e308]',
          '[0,99999999999999999999]',
          '[1e308,1e308]',
          '["a","b"]',
          '[null,null]',
          '{}',
          'null',
          '[0]',
          '[]',
          '[0,24,3]',
          '[1.5,2.5]',
          '[-0,-0]',
          '[0,100000]',
          '[0,24',
          '0-24',
          JSON.stringify([gen.oddValue(), gen.oddValue()]),
          gen.nasty(),
        ]),
      );
    } else if (p.name === 'sort') {
      const field = r.chance(0.6) ? r.pick(fields) : r.pick(['__proto__', 'toString', 'constructor', 'id', r.word(), gen.nasty(), 'name.uz', 'cottage.name', '"name"']);
      add(
        'sort',
        r.pick([
          JSON.stringify([field, r.pick(['ASC', 'DESC'])]),
          JSON.stringify([field, r.pick(['asc', 'SIDEWAYS', '', 'ASC; --', null, 1])]),
          JSON.stringify([field]),
          JSON.stringify(field),
          JSON.stringify([1, 2]),
          '[]',
          '["name","ASC"',
          JSON.stringify({ field, order: 'ASC' }),
          JSON.stringify([gen.oddValue(), gen.oddValue()]),
        ]),
      );
    } else if (p.name === 'filter') {
      const filter: Record<string, unknown> = {};
      for (let i = r.int(4); i > 0; i--) {
        const key = r.chance(0.15) ? r.pick(['q', 'id', '__proto__', 'constructor', r.word()]) : `${r.pick(fields)}${r.pick(LIST_SUFFIXES)}`;
        filter[key] = r.chance(0.35)
          ? key === 'id'
            ? Array.from({ length: r.pick([1, 3, 1200]) }, () => gen.id(op.tag))
            : gen.valid({ type: r.pick(['string', 'number', 'boolean']) }, key)
          : gen.oddValue();
      }
      const text = JSON.stringify(filter);
      // Objects where a value belongs: one that breaks `String(value)`, one that looks like a value, nested lists.
      const key = r.pick(['q', 'id', 'roles', 'status', ...fields]);
      const hostile = JSON.stringify({
        [key]: r.pick<unknown>([{ toString: 1 }, { valueOf: 1, toString: 1 }, { toString: null }, { $ne: null }, [{ toString: 1 }], [['a']], { length: 1e9 }]),
      });
      // Each field the document lists for the filter (`contentSchema`), with a value of its kind or a wrong one.
      const documented = Object.entries(p.schema?.contentSchema?.properties ?? {});
      const typed = documented.length ? typedFilter(gen, documented) : text;
      add('filter', r.pick([text, text, typed, typed, typed, hostile, '{', '[1,2]', 'null', '"q"', `{"q":${JSON.stringify(gen.nasty())}}`, text.replace(/}$/, ',}')]));
    } else {
      add(p.name, r.chance(0.6) ? String(gen.valid(p.schema, p.name)) : gen.nasty());
    }
  }
  if (r.chance(0.1)) add(r.pick(['range', 'sort', 'filter', r.word()]), gen.nasty()); // repeated or unknown parameter
  if (r.chance(0.03)) parts.push('%E0%A4%A=1&&=&a[b]=c&a[b][c]=d');
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Raw JSON values no typed field holds: the review's (`1e400` parses to Infinity, so it is written as text) and more. */
const WRONG_FILTER_VALUES = ['"garbage"', '1e400', '-1e400', '-1e+308', '"\\u0000"', '"1e400"', '1.5', '99999999999999999999', 'true', '"2024-13-45"', '["a",1,false]', '""'];

/** A filter of one to three documented fields, each a value of its kind (or a list of them) or a wrong value. */
function typedFilter(gen: Generator, fields: [string, Schema][]): string {
  const r = gen.rng;
  const parts: string[] = [];
  for (let i = 1 + r.int(3); i > 0; i--) {
    const [name, schema] = r.pick(fields);
    const one = schema.anyOf?.[0] ?? schema;
    const value = r.chance(0.3) ? JSON.stringify(gen.valid(one, name) ?? null) : r.chance(0.7) ? r.pick(WRONG_FILTER_VALUES) : JSON.stringify(gen.oddValue() ?? null);
    parts.push(`${JSON.stringify(name)}:${r.chance(0.2) ? `[${value}]` : value}`);
  }
  return `{${parts.join(',')}}`;
}

/** A multipart body: fields (arrays repeated) and files, sometimes broken on purpose. */
function multipartBody(gen: Generator, fields: Record<string, unknown>, files: { field: string; content: Buffer; filename: string; type: string }[]) {
  const r = gen.rng;
  const boundary = `----fuzz${r.int(1e9)}`;
  const chunks: Buffer[] = [];
  const push = (s: string) => chunks.push(Buffer.from(s));
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      const text = typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
      push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`);
    }
  }
  for (const f of files) {
    push(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`);
    chunks.push(f.content);
    push('\r\n');
  }
  const broken = r.int(12);
  if (broken !== 0) push(`--${boundary}--\r\n`); // 0: never closed
  let contentType = `multipart/form-data; boundary=${boundary}`;
  if (broken === 1) contentType = 'multipart/form-data';
  if (broken === 2) contentType = 'multipart/form-data; boundary=other';
  if (broken === 3) contentType = `multipart/form-data; boundary="${boundary}"; charset=utf-7`;
  if (broken === 4) chunks.splice(0, 0, Buffer.from('garbage before the first boundary\r\n'));
  if (broken === 5) chunks.push(Buffer.from('\r\n--\r\n\u0000trailing'));
  return { payload: Buffer.concat(chunks), contentType };
}

class RequestFactory {
  constructor(
    readonly gen: Generator,
    readonly images: { png: Buffer },
  ) {}

  private file(field: string): { field: string; content: Buffer; filename: string; type: string } {
    const r = this.gen.rng;
    const roll = r.int(8);
    const filename = r.pick(['pic.png', 'a.jpg', '../../evil.png', 'x.svg', 'no-extension', `${'n'.repeat(300)}.png`, 'тест.png', 'a"b.png']);
    if (roll <= 2) return { field, content: this.images.png, filename, type: 'image/png' };
    if (roll === 3) return { field, content: Buffer.alloc(0), filename, type: 'image/png' };
    if (roll === 4) return { field, content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), filename, type: 'image/svg+xml' };
    if (roll === 5) return { field, content: this.images.png.subarray(0, 40), filename, type: 'image/png' }; // truncated PNG
    if (roll === 6) return { field, content: Buffer.from('GIF89a\u0000\u0000garbage'), filename, type: 'image/gif' };
    return { field, content: Buffer.from(Array.from({ length: 64 + r.int(4000) }, () => r.int(256))), filename, type: r.pick(['application/octet-stream', 'image/jpeg', 'text/plain']) };
  }

  make(op: Op): FuzzRequest {
    const gen = this.gen;
    const r = gen.rng;
    gen.currentTag = op.tag;
    const headers: Record<string, string> = {};
    // ------------------------------------------------------------------ path
    let path = op.path.replace(/\{(\w+)\}/g, () => encodeURIComponent(gen.id(op.tag)).replace(/%25/g, '%'));
    if (r.chance(0.03)) path = path.replace('/api/v1/', r.pick(['/api/v1//', '/api/v1/./', '/api/v1/%2e/', '/API/V1/', '/api/v1/../v1/']));
    if (r.chance(0.02)) path += r.pick(['/', '//', '/extra', '%00', '/%2e%2e', '?']);
    let method = op.method.toUpperCase();
    if (r.chance(0.03)) method = r.pick(['PUT', 'OPTIONS', 'HEAD', 'PATCH', 'POST', 'DELETE', 'GET']);
    // ------------------------------------------------------------------ headers
    let tokenMode: TokenMode = r.pick(['valid', 'valid', 'valid', 'valid', 'valid', 'valid', 'none', 'forged']);
    // A logout with the run's own token would end the run's session: it gets a session of its own instead.
    if (tokenMode === 'valid' && op.path.endsWith('/auth/logout')) tokenMode = 'throwaway';
    if (r.chance(0.2))
      headers['accept-language'] = r.pick(['ru', 'en', 'uz', 'xx', '*', 'ru-RU,ru;q=0.9,en;q=abc', ';;;,,,', 'q=1', 'a'.repeat(2000), 'en;q=1e308', 'ru;q=-1', 'zh-Hant-TW-x-private']);
    if (r.chance(0.06)) headers['if-match'] = r.pick(['*', '"garbage"', 'W/"1"', '2026-13-45', '"2026-01-01T00:00:00.000Z"', '""', 'x'.repeat(3000), '0', '"-1"', String(r.pick(ODD_NUMBERS))]);
    if (r.chance(0.04)) headers['x-forwarded-for'] = r.pick(['10.9.8.7', 'not-an-ip', '::ffff:10.0.0.1', '1.1.1.1, 2.2.2.2', '999.999.999.999', '']);
    if (op.path.endsWith('/auth/refresh')) headers.refreshtoken = r.pick(['', 'garbage', 'a.b.c', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', 'x'.repeat(5000), 'THROWAWAY_REFRESH', 'THROWAWAY_REFRESH']);
    if (r.chance(0.03)) headers[r.pick(['x-http-method-override', 'content-encoding', 'transfer-encoding-x', 'range'])] = r.pick(['gzip', 'DELETE', 'bytes=0-1', 'br']);
    // ------------------------------------------------------------------ query
    const url = path + buildQuery(gen, op);
    // ------------------------------------------------------------------ body
    const content = op.op.requestBody?.content ?? {};
    const types = Object.keys(content);
    let payload: string | Buffer | undefined;
    const wantsBody = types.length > 0 || r.chance(0.08);
    if (wantsBody && method !== 'GET' && method !== 'HEAD') {
      const useMultipart = types.includes('multipart/form-data') ? r.chance(0.6) : r.chance(0.04);
      const schema = flatten(content[useMultipart ? 'multipart/form-data' : 'application/json']?.schema ?? content[types[0]]?.schema);
      const valid = gen.valid(schema);
      // A quarter as a client would send it, a third with one field broken (reaching the route's own code), the
      // rest broken more thoroughly.
      const roll = r.next();
      const body = roll < 0.25 ? valid : gen.mutate(valid, schema, roll < 0.6);
      if (useMultipart) {
        const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : { junk: body };
        const files: ReturnType<RequestFactory['file']>[] = [];
        for (const [key, prop] of Object.entries(schema.properties ?? {})) {
          const isFile = prop.format === 'binary' || prop.items?.format === 'binary';
          if (!isFile || !r.chance(0.6)) continue;
          const n = prop.type === 'array' ? r.pick([1, 2, 16]) : r.chance(0.1) ? 2 : 1;
          for (let i = 0; i < n; i++) files.push(this.file(key));
        }
        if (r.chance(0.1)) files.push(this.file(r.pick(['name', 'junk', Object.keys(schema.properties ?? {})[0] ?? 'x'])));
        const mp = multipartBody(gen, fields, files);
        payload = mp.payload;
        headers['content-type'] = mp.contentType;
      } else {
        const mode = r.int(20);
        if (mode <= 12) {
          payload = JSON.stringify(body) ?? 'null';
          headers['content-type'] = 'application/json';
        } else if (mode === 13) {
          // a number JSON cannot hold, written raw into an otherwise fine body
          const keys = Object.keys(schema.properties ?? {});
          const target = keys.length ? r.pick(keys) : 'x';
          const obj = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as object), [target]: '__RAW__' } : { [target]: '__RAW__' };
          payload = JSON.stringify(obj).replace('"__RAW__"', r.pick(RAW_LITERALS));
          headers['content-type'] = 'application/json';
        } else if (mode === 14) {
          payload = r.pick([
            '{',
            '{"a":}',
            '{"name":"x",}',
            "{'name':'x'}",
            '{"name":NaN}',
            '{"name":Infinity}',
            '\ufeff{"name":"x"}',
            '{"__proto__":{"isAdmin":true}}',
            '{"constructor":{"prototype":{"x":1}}}',
            'null',
            '"just a string"',
            '[]',
            '{"a":"\\ud800"}',
            '{"a":"\\u0000"}',
            '{"a":1}{"b":2}',
            '[' .repeat(3000) + ']'.repeat(3000),
            '{"a":'.repeat(2000) + '1' + '}'.repeat(2000),
            JSON.stringify({ a: 'z'.repeat(1024 * 1024 + 10) }),
          ]);
          headers['content-type'] = 'application/json';
        } else if (mode === 15) {
          payload = '';
          headers['content-type'] = 'application/json';
        } else {
          payload = mode === 16 ? new URLSearchParams({ name: 'x', a: '1' }).toString() : (JSON.stringify(body) ?? 'x');
          headers['content-type'] = r.pick([
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'application/octet-stream',
            'application/json; charset=latin1',
            'application/json; charset=utf-16',
            'APPLICATION/JSON',
            'application/json-patch+json',
            'multipart/mixed',
            '*/*',
            ';',
          ]);
        }
      }
    }
    return { method, url, headers, payload, tokenMode, opKey: `${op.method} ${op.path}` };
  }
}

// ------------------------------------------------------------------------------------------------ the runner

/** The operations of the document, each with the fields of the records its tag's list answers. */
function operationsOf(doc: OpenApiDoc): Op[] {
  const ops: Op[] = [];
  const fieldsByTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      // The change stream stays open while its session lives: an injected request would never end. Its one input,
      // Last-Event-ID, is tried with garbage in events.test.ts.
      if (`${method} ${path}` === 'get /api/v1/events') continue;
      const tag = op.tags?.[0] ?? 'untagged';
      const isList = method === 'get' && (op.parameters ?? []).some((p) => p.name === 'range');
      if (isList) {
        const items = op.responses?.['200']?.content?.['application/json']?.schema?.items;
        const fields = Object.keys(flatten(items).properties ?? {});
        if (fields.length && !fieldsByTag.has(tag)) fieldsByTag.set(tag, fields);
      }
      ops.push({ method, path, tag, op, isList, recordFields: [] });
    }
  }
  for (const op of ops) op.recordFields = fieldsByTag.get(op.tag) ?? [];
  return ops;
}

function collectIds(value: unknown, into: Set<string>, depth = 0) {
  if (depth > 6 || !value || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const v of value.slice(0, 500)) collectIds(v, into, depth + 1);
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    if (k === 'id' && typeof v === 'string') into.add(v);
    else collectIds(v, into, depth + 1);
  }
}

interface RunOptions {
  app: FastifyInstance;
  seed: number;
  requests: number;
  /** Credentials of the admin the run acts as. */
  admin: { username: string; password: string };
  /** Ids never to hit (the admin itself, SUPER-ADMIN). */
  protectedIds: string[];
  png: Buffer;
  /** Requests in flight at once (1: one after another). Above 1 the server also meets garbage in parallel. */
  concurrency?: number;
  /** Progress lines (every 1000 requests). */
  log?: (line: string) => void;
  /** Every request states this Accept-Language (test/messages-sweep.test.ts reads the answers in uz and ru). */
  language?: string;
  /** Sees every answer: the request as described, its status and body. */
  onAnswer?: (request: string, status: number, body: string) => void;
}

export async function runFuzz(opts: RunOptions): Promise<FuzzResult> {
  const { app } = opts;
  const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as OpenApiDoc;
  const ops = operationsOf(doc);
  const rng = new Rng(opts.seed);
  const pools: Pools = { byTag: new Map(), all: [], protectedIds: new Set(opts.protectedIds) };
  const gen = new Generator(rng, pools);
  const factory = new RequestFactory(gen, { png: opts.png });

  // The run's own logins come from an address the garbage never uses, so the login throttle never locks the run out.
  const OWN_ADDRESS = '127.0.0.1';
  const login = async () => {
    const send = () =>
      app.inject({ method: 'POST', url: '/api/v1/auth/login/admin', remoteAddress: OWN_ADDRESS, payload: { ...opts.admin, userAgent: 'fuzz' } });
    let res = await send();
    // Garbage password changes with the admin's token slow the admin's name down (the throttle's soft limit): wait.
    for (let i = 0; i < 3 && res.statusCode === 429; i++) {
      await new Promise((r) => setTimeout(r, Number(res.headers['retry-after'] ?? 1) * 1000));
      res = await send();
    }
    if (res.statusCode !== 201) throw new Error(`fuzz: the admin cannot log in (${res.statusCode} ${res.body})`);
    return res.json() as { accessToken: string; refreshToken: string };
  };
  let token = (await login()).accessToken;
  let relogins = 0;

  // Real ids per tag, so a good share of the garbage reaches existing records.
  const seen = new Set<string>();
  for (const op of ops.filter((o) => o.isList)) {
    const res = await app.inject({ method: 'GET', url: op.path, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode !== 200 || !String(res.headers['content-type']).startsWith('application/json')) continue;
    const rows = res.json() as { id?: unknown }[];
    if (!Array.isArray(rows)) continue;
    const ids = new Set<string>();
    collectIds(rows, ids);
    const own = rows.map((r) => r?.id).filter((id): id is string => typeof id === 'string' && !pools.protectedIds.has(id));
    pools.byTag.set(op.tag, [...new Set([...(pools.byTag.get(op.tag) ?? []), ...own])]);
    for (const id of ids) if (!pools.protectedIds.has(id)) seen.add(id);
  }
  pools.all.push(...seen);

  const result: FuzzResult = { seed: opts.seed, requests: 0, byClass: {}, byStatus: {}, findings: [], relogins: 0, sessionEnders: [], covered: 0, succeeded: [], operations: ops.length, allOperations: ops.map((o) => `${o.method} ${o.path}`) };
  const succeeded = new Set<string>();
  const covered = new Set<string>();
  const garbageAddress = () => `10.66.${rng.int(4)}.${1 + rng.int(250)}`;

  type Prepared = { op: Op; req: FuzzRequest; headers: Record<string, string>; remoteAddress: string };
  // Everything random is drawn here, in order, so a seed gives the same requests whatever the concurrency.
  const prepare = (i: number): Prepared => {
    const op = i < ops.length ? ops[i] : rng.pick(ops);
    const req = factory.make(op);
    covered.add(req.opKey);
    const headers = { ...req.headers };
    if (opts.language) headers['accept-language'] = opts.language;
    if (req.tokenMode === 'valid') headers.authorization = `Bearer ${token}`;
    if (req.tokenMode === 'forged')
      headers.authorization = rng.pick([
        'Bearer',
        'Bearer ',
        'Bearer x.y.z',
        'Basic YWRtaW46YWRtaW4=',
        `Bearer ${token.slice(0, -4)}AAAA`,
        `Bearer ${token.split('.').slice(0, 2).join('.')}.`,
        'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJhZG1pbiJ9.',
        `bearer ${token}x`,
        `Bearer ${'a'.repeat(9000)}`,
      ]);
    return { op, req, headers, remoteAddress: garbageAddress() };
  };
  const fire = async ({ op, req, headers, remoteAddress }: Prepared) => {
    if (req.tokenMode === 'throwaway' || headers.refreshtoken === 'THROWAWAY_REFRESH') {
      // Logout and refresh with a valid token end or rotate a session: use one made for that, never the run's own.
      const pair = await login();
      if (req.tokenMode === 'throwaway') headers.authorization = `Bearer ${pair.accessToken}`;
      if (headers.refreshtoken === 'THROWAWAY_REFRESH') headers.refreshtoken = pair.refreshToken;
    }
    const inject: InjectOptions = { method: req.method as InjectOptions['method'], url: req.url, headers, remoteAddress };
    if (req.payload !== undefined) inject.payload = req.payload;
    let res: LightMyRequestResponse;
    try {
      res = await app.inject(inject);
    } catch (error) {
      // The request could not even be sent (e.g. a header value Node refuses): the client's fault, not the server's.
      if (/Invalid character|invalid header|ERR_INVALID_CHAR/i.test(String(error))) return;
      result.findings.push({ kind: 'crash', status: 0, request: describeRequest(req), body: String(error) });
      return;
    }
    result.requests++;
    const status = res.statusCode;
    result.byStatus[status] = (result.byStatus[status] ?? 0) + 1;
    const cls = `${Math.floor(status / 100)}xx`;
    if (status < 300 && req.method === op.method.toUpperCase()) succeeded.add(req.opKey);
    result.byClass[cls] = (result.byClass[cls] ?? 0) + 1;
    const body = res.body;
    opts.onAnswer?.(describeRequest(req), status, body);
    if (status >= 500 && status !== 501) result.findings.push({ kind: '5xx', status, request: describeRequest(req), body: body.slice(0, 600) });
    const leak = leakIn(body) ?? leakIn(JSON.stringify(res.headers));
    if (leak) result.findings.push({ kind: 'leak', status, request: describeRequest(req), body: `${JSON.stringify(leak)} in ${body.slice(0, 600)}` });
    if (status >= 400 && req.method !== 'HEAD' && status < 500) {
      let shaped = false;
      try {
        const json = JSON.parse(body) as { statusCode?: unknown; error?: unknown; message?: unknown };
        shaped = json.statusCode === status && typeof json.error === 'string' && typeof json.message === 'string';
      } catch {
        shaped = false;
      }
      if (!shaped) result.findings.push({ kind: 'shape', status, request: describeRequest(req), body: body.slice(0, 600) });
    }
    // New records join the pools, so later garbage reaches them too.
    if (status === 201 && req.method !== 'HEAD') {
      try {
        const id = (JSON.parse(body) as { id?: unknown }).id;
        if (typeof id === 'string') {
          pools.all.push(id);
          pools.byTag.set(op.tag, [...(pools.byTag.get(op.tag) ?? []), id]);
        }
      } catch {
        /* not JSON */
      }
    }
    // The run's token must stay good; if something ended its session, say so and log in again.
    if (req.tokenMode === 'valid' && (status === 401 || status === 406 || status === 455)) {
      const check = await app.inject({ method: 'GET', url: '/api/v1/user/me', headers: { authorization: `Bearer ${token}` } });
      if (check.statusCode !== 200) {
        relogins++;
        result.sessionEnders.push(`${describeRequest(req).slice(0, 300)} → ${status} ${body.slice(0, 200)}`);
        token = (await login()).accessToken;
      }
    }
  };

  // First, every filterable field the document lists, of every list, gets the review's wrong values and one more
  // (rotating): no field is left to chance. Draws nothing from the generator, so the random requests stay the same.
  let rotation = 0;
  for (const op of ops.filter((o) => o.isList)) {
    const filter = op.op.parameters?.find((p) => p.in === 'query' && p.name === 'filter');
    for (const name of Object.keys(filter?.schema?.contentSchema?.properties ?? {})) {
      for (const value of [...WRONG_FILTER_VALUES.slice(0, 5), WRONG_FILTER_VALUES[5 + (rotation++ % (WRONG_FILTER_VALUES.length - 5))]]) {
        const url = `${op.path}?range=${enc('[0,4]')}&filter=${enc(`{${JSON.stringify(name)}:${value}}`)}`;
        const req: FuzzRequest = { method: 'GET', url, headers: {}, tokenMode: 'valid', opKey: `${op.method} ${op.path}` };
        await fire({ op, req, headers: { authorization: `Bearer ${token}`, ...(opts.language && { 'accept-language': opts.language }) }, remoteAddress: '10.66.9.9' });
      }
    }
  }

  const concurrency = Math.max(1, Math.floor(opts.concurrency ?? 1));
  for (let i = 0; i < opts.requests; i += concurrency) {
    const batch: Prepared[] = [];
    for (let j = i; j < Math.min(opts.requests, i + concurrency); j++) batch.push(prepare(j));
    await Promise.all(batch.map(fire));
    const done = i + batch.length;
    if (opts.log && Math.floor(done / 1000) > Math.floor(i / 1000)) opts.log(`fuzz: ${done} requests, ${result.findings.length} findings`);
  }
  result.relogins = relogins;
  result.covered = covered.size;
  result.succeeded = [...succeeded];
  return result;
}

/** A report of a run, for the console. */
export function formatResult(r: FuzzResult): string {
  const classes = Object.entries(r.byClass)
    .sort()
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const statuses = Object.entries(r.byStatus)
    .map(([k, v]) => `${k}×${v}`)
    .join(' ');
  const lines = [
    `fuzz seed ${r.seed}: ${r.requests} requests over ${r.covered}/${r.operations} operations — ${classes}`,
    `  statuses: ${statuses}`,
    `  operations with a 2xx among the answers: ${r.succeeded.length}/${r.operations}; never: ${r.allOperations.filter((o) => !r.succeeded.includes(o)).join(', ') || 'none'}`,
    `  re-logins needed: ${r.relogins}; findings: ${r.findings.length}`,
    ...r.sessionEnders.slice(0, 10).map((line) => `  session ended after: ${line}`),
  ];
  for (const f of r.findings.slice(0, 30)) lines.push(`  [${f.kind} ${f.status}] ${f.request}\n      → ${f.body.replace(/\n/g, '\\n').slice(0, 500)}`);
  if (r.findings.length > 30) lines.push(`  … and ${r.findings.length - 30} more`);
  return lines.join('\n');
}

/** The seed a run uses: a number as given, `random` for a fresh one (printed either way), else the fallback. */
export function seedFrom(value: string | undefined, fallback: number): number {
  if (value && /^\d+$/.test(value)) return Number(value) >>> 0;
  if (value === 'random') return Number.parseInt(randomUUID().slice(0, 8), 16) >>> 0;
  return fallback;
}
