/**
 * How the audit history shows a field and a value in the user's language: a field by the resource's own label (else a
 * label every list shares, else the audit log's own, else the key made readable); a value as a person reads it — nested records by their name,
 * lists joined, a location as its coordinates, times as the panel writes them, a hidden secret as "hidden".
 */
import { resources } from '../../../shared/resources';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const HIDDEN = '[hidden]';
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The admin route of a registry key (`cottageType` → `cottage-type`); the key itself when unknown. */
export const routeOfKey = (key: string): string => Object.values(resources).find((r) => r.key === key)?.route ?? key;

function humanize(key: string): string {
  const words = key.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A field's label in the reader's language: the resource's own (its fields, its form's, its list's), else one every
 * list shares, else the audit screen's; the key made readable only for a field no catalogue names (a test keeps every
 * record field named in uz, ru and en).
 */
export function fieldLabel(translate: Translate, route: string, field: string): string {
  return fieldLabelKeys(route, field).reduceRight((fallback, key) => translate(key, { _: fallback }), humanize(field));
}

/** Where a field's label is looked for, first found first. */
export const fieldLabelKeys = (route: string, field: string) => [
  `resources.${route}.fields.${field}`,
  `resources.${route}.form.fields.${field}`,
  `resources.${route}.list.${field}`,
  `app.columns.${field}`,
  `resources.audit.fields.${field}`,
];

/** `dateTime` writes a time (the panel passes its one formatter: the user's language, the marketplace's zone). */
export function valueText(translate: Translate, value: unknown, dateTime: (iso: string) => string = (v) => new Date(v).toISOString()): string {
  if (value === null || value === undefined || value === '') return translate('resources.audit.none');
  if (value === HIDDEN) return translate('resources.audit.hidden');
  if (typeof value === 'string') return ISO_TIME.test(value) && !Number.isNaN(Date.parse(value)) ? dateTime(value) : value;
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return value.length ? value.map((v) => valueText(translate, v, dateTime)).join(', ') : translate('resources.audit.none');
  const o = value as Record<string, unknown>;
  for (const key of ['name', 'username', 'type', 'image', 'code']) if (typeof o[key] === 'string' && o[key]) return o[key];
  // A premium placement: its service until when.
  if (typeof o.serviceCode === 'string' && 'expireAt' in o) return `${o.serviceCode} · ${valueText(translate, o.endedAt ?? o.expireAt, dateTime)}`;
  if ('latitude' in o && 'longitude' in o) return `${String(o.latitude)}, ${String(o.longitude)}`;
  // A wrapper like a role's `{permission: {…}}` or a user's `{role: {…}}`.
  const values = Object.values(o);
  if (values.length === 1) return valueText(translate, values[0], dateTime);
  return JSON.stringify(value);
}

/**
 * The changed fields worth showing a person: a translated field's id (`nameTranslateId`) only when its text did not
 * change with it (the text says the same, readably).
 */
export function shownFields(changes: Record<string, unknown>): string[] {
  return Object.keys(changes).filter((field) => !(field.endsWith('TranslateId') && field.slice(0, -'TranslateId'.length) in changes));
}

/** Records the history keeps besides the registry's resources. */
export const OTHER_AUDITED = ['savedQuery', 'moderationReason', 'webhook'] as const;

/** A resource's name in the history: the registry resource's title, else the audit screen's own word for it. */
export function resourceTitle(translate: Translate, key: string): string {
  const route = routeOfKey(key);
  return route === key && (OTHER_AUDITED as readonly string[]).includes(key)
    ? translate(`resources.audit.others.${key}`, { _: key })
    : translate(`resources.${route}.title`, { _: key });
}

export const actionLabel = (translate: Translate, action: string) => translate(`resources.audit.actions.${action}`, { _: humanize(action) });
