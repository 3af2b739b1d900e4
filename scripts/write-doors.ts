/**
 * One door per write (DESIGN §10), checked in the source: a resource's tables are written only by its own repositories
 * (`OWNERS`), and those repositories' writing functions are called only from the resource's commands — the route
 * builder's (`http/resource/`) and the resource's own declaration and actions (`DOORS`). A route, a helper or another
 * resource's repository that writes the table, or calls a writing function around the commands, is named.
 *
 * It reads the TypeScript syntax of `src/server` (no type check): a write is `.insert(t)`, `.update(t)` or
 * `.delete(t)` on a table of `db/schema.ts`, or raw SQL that inserts into, updates or deletes from one. Run by
 * `test/write-doors.test.ts`, which also proves it fails on a fixture that breaks each rule.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import * as schema from '../src/server/db/schema';
import { RESOURCE_TABLES } from '../src/server/db/tables';
import { NAMED_KEYS } from '../src/shared/resources';

export interface SourceFile {
  /** Relative to src/server, with forward slashes: `routes/cottages.ts`. */
  path: string;
  text: string;
}

/** A resource's tables (schema exports and their SQL names), the repositories that write them, and its doors. */
interface Owner {
  /** The tables' exports in `db/schema.ts`. */
  tables: string[];
  repos: string[];
  doors: string[];
}

const OWNERS: Record<string, Owner> = Object.fromEntries([
  ['language', { tables: ['languages'], repos: ['repos/languages.ts'], doors: ['routes/languages.ts'] }],
  ['translate', { tables: ['translations'], repos: ['repos/translations.ts'], doors: ['routes/translations.ts'] }],
  // A named resource (region, comfort, a new one of the recipe) is written by the generic writers only, from its
  // route file or the named builder.
  ...NAMED_KEYS.map((key) => [
    key,
    {
      tables: [`${key}s`],
      repos: [],
      doors: [`routes/${key}s.ts`, 'routes/named.ts', 'http/named-resource.ts'],
    },
  ]),
  [
    'cottage',
    {
      // Its moderation signals are the cottage's too: recomputed after each of its commands commits (repos/signals.ts).
      tables: ['cottages', 'cottageImages', 'cottageComforts', 'cottageCottageTypes', 'cottageSignals', 'cottageFingerprints', 'cottageImageHashes'],
      repos: ['repos/cottages.ts', 'repos/cottage-images.ts', 'repos/cottage-moderation.ts', 'repos/signals.ts'],
      doors: ['routes/cottages.ts', 'routes/cottage-images.ts', 'routes/cottage-undo.ts', 'routes/premium.ts', 'routes/cottage-signals.ts'],
    },
  ],
  ['service', { tables: ['services'], repos: ['repos/services.ts'], doors: ['routes/services.ts'] }],
  ['tariff', { tables: ['tariffs'], repos: ['repos/tariffs.ts'], doors: ['routes/tariffs.ts'] }],
  [
    'order',
    {
      tables: ['orders', 'premiumPlacements'],
      repos: ['repos/orders.ts', 'repos/tariffs.ts'],
      doors: ['routes/orders.ts', 'routes/premium.ts', 'routes/tariffs.ts'],
    },
  ],
  [
    'role',
    {
      tables: ['roles', 'rolePermissions'],
      repos: ['repos/roles.ts', 'repos/two-factor.ts'],
      doors: ['routes/roles.ts'],
    },
  ],
  [
    'user',
    {
      tables: ['users', 'userRoles'],
      repos: ['repos/users.ts', 'repos/profile.ts'],
      // A user's own profile and second factor are his own doors (he is the resource's record); a login upgrades the
      // hash of the password it has just checked.
      doors: ['routes/users.ts', 'routes/profile.ts', 'routes/two-factor.ts', 'routes/auth.ts'],
    },
  ],
  [
    'notification',
    {
      tables: ['notifications'],
      // A moderation decision's notice to the owner commits with the decision (the cottage's command).
      repos: ['repos/notifications.ts', 'repos/cottage-moderation.ts'],
      // An endpoint turned off for failing tells its creator, in the same transaction (the delivery loop).
      doors: ['routes/notifications.ts', 'routes/cottages.ts', 'routes/cottage-undo.ts', 'plugins/webhook-delivery.ts'],
    },
  ],
  [
    'webhook',
    {
      tables: ['webhookEndpoints', 'webhookDeliveries'],
      repos: ['repos/webhooks.ts'],
      // The endpoints' routes; the outbox written by every write's unit of work; the delivery loop's outcomes.
      doors: ['routes/webhooks.ts', 'http/webhook-outbox.ts', 'plugins/webhook-delivery.ts'],
    },
  ],
  // A user's own API keys (issue #36); a key's use records its last use as the login check does a session's.
  ['apiKey', { tables: ['apiKeys'], repos: ['repos/api-keys.ts'], doors: ['routes/api-keys.ts', 'plugins/auth.ts'] }],
]);

/**
 * Writers by key, not by table (`deleteRecord(db, 'role', id)`, a snapshot's rows, a version's bump): only the commands
 * and the resources' declarations call them.
 */
const GENERIC = ['repos/records.ts', 'repos/snapshots.ts', 'query/versions.ts'];
/** The commands themselves, and what runs before any user exists (the first start's seed, the demo data). */
const COMMANDS = /^http\/resource\//;
const SEEDS = /^seed\//;

const tableOwner = new Map<string, string>();
const sqlOwner = new Map<string, string>();
for (const [key, owner] of Object.entries(OWNERS)) {
  for (const table of owner.tables) {
    tableOwner.set(table, key);
    sqlOwner.set(getTableName((schema as unknown as Record<string, PgTable>)[table]), key);
  }
}
const RAW_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_]+)"?\s/gi;
const RAW_INTERPOLATED_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s*$/i;

/** Every `.ts` file under `root` but specs, as `SourceFile`s. */
export function readServerSources(root: string): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) out.push({ path: path.relative(root, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') });
    }
  };
  walk(root);
  return out;
}

interface Parsed {
  file: SourceFile;
  /** Resources whose tables each top-level function writes directly ('*' for a table named by a variable). */
  writes: Map<string, Set<string>>;
  /** Top-level function → the same file's functions it calls, and the imported names it calls. */
  calls: Map<string, Set<string>>;
  exported: Set<string>;
  /** Imported name → the module path it comes from, resolved relative to src/server. */
  imports: Map<string, string>;
  /** Writes found outside any top-level function, or by a non-owner: the finding, ready to print. */
  found: { where: string; resource: string; line: number }[];
}

/** A table chosen at run time: `table`, `child.table`, `RESOURCE_TABLES[key].table`. */
const namesATable = (arg: ts.Expression) =>
  (ts.isIdentifier(arg) && arg.text === 'table') || (ts.isPropertyAccessExpression(arg) && arg.name.text === 'table');

/** Where writing functions are defined: the data layers. A caller elsewhere (a route, the builder) is a door or not. */
const DATA_LAYERS = /^(repos|query|auth|db)\//;

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  return joined.endsWith('.ts') ? joined : `${joined}.ts`;
}

function parse(file: SourceFile): Parsed {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.ES2022, true);
  const parsed: Parsed = { file, writes: new Map(), calls: new Map(), exported: new Set(), imports: new Map(), found: [] };
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;

  const visit = (node: ts.Node, owner: string) => {
    const note = (resource: string) => {
      const set = parsed.writes.get(owner) ?? new Set<string>();
      set.add(resource);
      parsed.writes.set(owner, set);
      parsed.found.push({ where: owner, resource, line: lineOf(node) });
    };
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isPropertyAccessExpression(callee) && ['insert', 'update', 'delete'].includes(callee.name.text) && node.arguments.length === 1) {
        const arg = node.arguments[0];
        if (ts.isIdentifier(arg) && tableOwner.has(arg.text)) note(tableOwner.get(arg.text)!);
        else if (namesATable(arg)) note('*');
      }
      const name = ts.isIdentifier(callee) ? callee.text : undefined;
      if (name) {
        const set = parsed.calls.get(owner) ?? new Set<string>();
        set.add(name);
        parsed.calls.set(owner, set);
      }
    }
    // Raw SQL: a table named in the text, or interpolated right after the write's keyword (`update ${cottages} set`).
    if (ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const text = ts.isNoSubstitutionTemplateLiteral(node) ? node.text : [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ${} ');
      for (const match of text.matchAll(RAW_WRITE)) if (sqlOwner.has(match[1])) note(sqlOwner.get(match[1])!);
      if (ts.isTemplateExpression(node)) {
        let before = node.head.text;
        for (const span of node.templateSpans) {
          if (RAW_INTERPOLATED_WRITE.test(before) && ts.isIdentifier(span.expression) && tableOwner.has(span.expression.text)) note(tableOwner.get(span.expression.text)!);
          before = span.literal.text;
        }
      }
    }
    ts.forEachChild(node, (child) => visit(child, owner));
  };

  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const target = resolveImport(file.path, statement.moduleSpecifier.text);
      const named = statement.importClause?.namedBindings;
      if (target && named && ts.isNamedImports(named)) for (const el of named.elements) if (!el.isTypeOnly) parsed.imports.set(el.name.text, target);
      continue;
    }
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (ts.isFunctionDeclaration(statement) && statement.name) {
      if (exported) parsed.exported.add(statement.name.text);
      visit(statement, statement.name.text);
    } else if (ts.isVariableStatement(statement)) {
      for (const decl of statement.declarationList.declarations) {
        const name = ts.isIdentifier(decl.name) ? decl.name.text : '(top level)';
        if (exported) parsed.exported.add(name);
        visit(decl, name);
      }
    } else {
      visit(statement, '(top level)');
    }
  }
  return parsed;
}

/** Which resources each function of each file writes, following calls within the file and to other files' writers. */
function writersOf(files: Parsed[]): Map<string, Map<string, Set<string>>> {
  const byPath = new Map(files.map((f) => [f.file.path, f]));
  const result = new Map<string, Map<string, Set<string>>>();
  for (const f of files) result.set(f.file.path, new Map(DATA_LAYERS.test(f.file.path) ? [...f.writes].map(([fn, set]) => [fn, new Set(set)]) : []));
  // To a fixed point: a function writes what the functions it calls write (the same file's, and imported ones).
  for (let changed = true; changed; ) {
    changed = false;
    for (const f of files) {
      if (!DATA_LAYERS.test(f.file.path)) continue;
      const mine = result.get(f.file.path)!;
      for (const [fn, called] of f.calls) {
        for (const callee of called) {
          const from = f.imports.get(callee);
          const theirs = from ? (byPath.get(from) && result.get(from)!.get(callee)) : mine.get(callee);
          if (!theirs || callee === fn) continue;
          const set = mine.get(fn) ?? new Set<string>();
          for (const r of theirs) {
            if (!set.has(r)) {
              set.add(r);
              changed = true;
            }
          }
          mine.set(fn, set);
        }
      }
    }
  }
  return result;
}

/** The writes that pass around a resource's commands, one line each; none when every write has its one door. */
export function strayWrites(sources: SourceFile[]): string[] {
  const files = sources.map(parse);
  const writers = writersOf(files);
  const problems: string[] = [];
  // Every resource with a table has an owner here, and it owns that table: a new resource cannot slip past the check.
  for (const [key, { table }] of Object.entries(RESOURCE_TABLES)) {
    const exportName = Object.keys(schema).find((name) => (schema as Record<string, unknown>)[name] === table);
    if (!exportName || !OWNERS[key]?.tables.includes(exportName)) problems.push(`scripts/write-doors.ts: OWNERS declares no owner of ${key}'s table; add its repositories and doors`);
  }
  const mayWriteTable = (file: string, resource: string) =>
    SEEDS.test(file) || (resource === '*' ? GENERIC.includes(file) : OWNERS[resource].repos.includes(file));
  const mayCall = (file: string, resources: Set<string>) =>
    SEEDS.test(file) ||
    COMMANDS.test(file) ||
    [...resources].every((r) => (r === '*' ? Object.values(OWNERS).some((o) => o.doors.includes(file) || o.repos.includes(file)) || GENERIC.includes(file) : OWNERS[r].doors.includes(file) || OWNERS[r].repos.includes(file)));

  for (const f of files) {
    for (const { where, resource, line } of f.found) {
      if (!mayWriteTable(f.file.path, resource)) {
        const what = resource === '*' ? 'a table named by a variable' : `the ${resource} resource's table`;
        problems.push(`${f.file.path}:${line} ${where} writes ${what}; only ${resource === '*' ? GENERIC.join(', ') : OWNERS[resource].repos.join(', ')} may`);
      }
    }
    for (const [fn, called] of f.calls) {
      for (const callee of called) {
        const from = f.imports.get(callee);
        const resources = from ? writers.get(from)?.get(callee) : undefined;
        if (!resources?.size || mayCall(f.file.path, resources)) continue;
        problems.push(`${f.file.path} ${fn} calls ${callee} (${from}), which writes ${[...resources].join(', ')}: run the resource's command instead`);
      }
    }
  }
  return problems;
}
