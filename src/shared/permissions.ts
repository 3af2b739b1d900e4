/**
 * The permission catalogue, derived from the resource registry: `<resource>.<action>` for each standard action a
 * resource offers, plus its special permissions. Seeded into the database at start; `GET /models` groups it.
 */
import { resources, type ResourceDef, type StandardAction } from './resources';

interface PermissionDef {
  code: string;
  name: string;
  group: string;
}
interface PermissionGroupDef {
  name: string;
  label: string;
  permissions: PermissionDef[];
}

const ACTION_LABELS: Record<StandardAction, string> = {
  list: 'List',
  show: 'View one',
  create: 'Create',
  edit: 'Edit',
  delete: 'Delete',
};

/** Permissions that are not tied to one resource's CRUD. */
const EXTRA_GROUPS: PermissionGroupDef[] = [
  {
    name: 'stats',
    label: 'Dashboard',
    permissions: [{ code: 'stats.view', name: 'View the dashboard counts', group: 'stats' }],
  },
  {
    name: 'webhook',
    label: 'Webhooks',
    permissions: [{ code: 'webhook.manage', name: 'Manage webhooks and their deliveries', group: 'webhook' }],
  },
];

function groupOf(def: ResourceDef): PermissionGroupDef {
  const standard = def.actions.map((action) => ({
    code: `${def.key}.${action}`,
    name: `${ACTION_LABELS[action]} · ${def.label}`,
    group: def.key,
  }));
  const extra = Object.entries(def.extraPermissions ?? {}).map(([action, label]) => ({
    code: `${def.key}.${action}`,
    name: label,
    group: def.key,
  }));
  return { name: def.key, label: def.label, permissions: [...standard, ...extra] };
}

export const PERMISSION_GROUPS: PermissionGroupDef[] = [
  ...Object.values(resources).map((def) => groupOf(def as ResourceDef)),
  ...EXTRA_GROUPS,
];

export const PERMISSION_CODES: string[] = PERMISSION_GROUPS.flatMap((g) => g.permissions.map((p) => p.code));

type PermissionCode = string;

/** `perm('region', 'list')` → `region.list`, checked against the catalogue so a typo fails at start. */
export function perm(resource: string, action: string): PermissionCode {
  const code = `${resource}.${action}`;
  if (!PERMISSION_CODES.includes(code)) throw new Error(`Unknown permission ${code}`);
  return code;
}

/** Pure: may a holder of `granted` do `action` on `resource`? Used by the admin's canAccess and by tests. */
export function can(granted: ReadonlySet<string> | readonly string[], resource: string, action: string): boolean {
  const set = granted instanceof Set ? granted : new Set(granted);
  return set.has(`${resource}.${action}`);
}
