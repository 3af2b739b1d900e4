/**
 * What the registry's `reference` fields say about the resources, read once here: which fields of a resource point at
 * another, who points at a resource (its dependents), and an order in which every resource comes after those it points
 * at. The server derives its existence checks (404), its delete blockers (409) and the seed's insert order from these.
 */
import { resources, type FieldDef, type ResourceName } from './resources';

export interface Reference {
  /** The resource whose field it is. */
  from: ResourceName;
  /** The field (its wire name, e.g. `regionId`, `service_id`). */
  field: string;
  /** The resource it points at. */
  to: ResourceName;
  required: boolean;
}

/** Every `reference` field of the registry, in the registry's order. */
export const REFERENCES: readonly Reference[] = Object.entries(resources).flatMap(([from, def]) =>
  Object.entries(def.fields as Record<string, FieldDef>).flatMap(([field, fd]) =>
    fd.kind === 'reference' ? [{ from: from as ResourceName, field, to: fd.resource as ResourceName, required: Boolean(fd.required) }] : [],
  ),
);

/** The `reference` fields of one resource. */
export const referencesOf = (key: string): Reference[] => REFERENCES.filter((r) => r.from === key);

/**
 * `keys` sorted so that every resource comes after the ones its `reference` fields point at (a region before its
 * places, whichever the registry lists first); otherwise in the order given. A circle of required references cannot
 * be inserted in any order and throws.
 */
export function referenceOrder<K extends string>(keys: readonly K[]): K[] {
  const wanted = new Set<string>(keys);
  const done = new Set<string>();
  const out: K[] = [];
  const visit = (key: K, path: string[]) => {
    if (done.has(key)) return;
    if (path.includes(key)) throw new Error(`the registry's references go round in a circle: ${[...path, key].join(' → ')}`);
    for (const ref of referencesOf(key)) if (wanted.has(ref.to) && ref.to !== key) visit(ref.to as K, [...path, key]);
    done.add(key);
    out.push(key);
  };
  for (const key of keys) visit(key, []);
  return out;
}

/**
 * The references that point at `key`, in the order their records must be deleted before it: a resource that others of
 * them point at comes after those (cottages before places, both pointing at a region). A field that points at itself
 * is left out.
 */
export function dependentsOf(key: string): Reference[] {
  const refs = REFERENCES.filter((r) => r.to === key && r.from !== key);
  const order = referenceOrder(refs.map((r) => r.from)).reverse();
  return [...refs].sort((a, b) => order.indexOf(a.from) - order.indexOf(b.from));
}
