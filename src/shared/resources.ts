/**
 * The resource registry: every resource of the product declared once.
 *
 * The server registers its routes on these paths and derives the permission catalogue from `actions`, and a `named`
 * entry's routes, table, list and records from its fields; the admin's dataProvider maps react-admin calls onto the
 * same paths, and its modules are found by `route`. A resource writes by hand only what is special about it.
 */
import {
  ACTIVE_STATUSES,
  COTTAGE_STATUSES,
  NOTIFICATION_TYPES,
  ORDER_STATUSES,
  SERVICE_CODES,
  TRANSLATION_TYPES,
} from './enums';

export type FieldDef =
  | { kind: 'text'; required?: boolean; multiline?: boolean; max?: number; secret?: boolean }
  | { kind: 'number'; required?: boolean; min?: number; max?: number; integer?: boolean }
  | { kind: 'boolean' }
  | { kind: 'enum'; values: readonly string[]; required?: boolean }
  /** Sent as a translation id, read as the text in the request's language plus `<field>TranslateId`. */
  | { kind: 'translation'; required?: boolean }
  | { kind: 'image'; required?: boolean }
  | { kind: 'images' }
  | { kind: 'reference'; resource: string; required?: boolean }
  | { kind: 'references'; resource: string }
  | { kind: 'location' }
  /** Text per language: written as `{<language code>: text}`, read as `[{value, language: {id, code}}]`. */
  | { kind: 'definitions'; required?: boolean }
  | { kind: 'date' };

export const STANDARD_ACTIONS = ['list', 'show', 'create', 'edit', 'delete'] as const;
export type StandardAction = (typeof STANDARD_ACTIONS)[number];

export interface ResourceDef {
  /** Permission prefix: permissions are `<key>.<action>`. */
  key: string;
  /** The admin route segment under /dashboart and react-admin's resource name. */
  route: string;
  /** API paths relative to /api/v1; `:id` is the record id. */
  api: {
    list: string;
    one?: string;
    create?: string;
    update?: string;
    delete?: string;
    /** Replaces the record's image (multipart `image`). */
    image?: string;
    /** Cottage images as rows of their own: add (multipart `cottageId`, `image`, `isMainImage`), edit, delete. */
    imageAdd?: string;
    imageEdit?: string;
    imageDelete?: string;
    /** `PUT {ids}`: the cottage's images (`:id` = cottage id) in the gallery's new order. */
    imageOrder?: string;
    /** Premium placements: create one for a cottage (`:id` = cottage id), end one (`:id` = placement id). */
    premium?: string;
    premiumEnd?: string;
    /** The moderation desk: `POST` claims the next queued cottage, `DELETE …/:id` releases one, undo takes a decision back. */
    claim?: string;
    release?: string;
    undo?: string;
    /** "Active Pre": turn an order into its premium placement, once (`:id` = order id). */
    activate?: string;
    /** Ends a cottage's active premium placement bought with a tariff (`{cottageId, tariffId}` in the body or query). */
    disable?: string;
    /** Additive bulk calls (one transaction, all or nothing, at most 1000 ids): `POST {ids}` deletes them all. */
    bulkDelete?: string;
    /** `PATCH {ids, data}` applies one change to all of them (cottage moderation, order status). */
    bulkUpdate?: string;
    /** Additive: the list as a streamed CSV with the list's own filter and sort, every matching row. */
    export?: string;
    /** The audit history: takes the change an entry recorded back (`:id` = the entry's id). */
    revert?: string;
    /**
     * Additive: `POST` a CSV in the export's shape (multipart `file`, `?dryRun=true` to preview) — rows with an id edit
     * that record, rows without one create it, all in one transaction. Declared only where every field can travel in a
     * sheet (`imports()`); users never (passwords).
     */
    import?: string;
  };
  /** Which writes travel as multipart/form-data (the spec's §7 table). */
  multipart?: { create?: boolean; update?: boolean };
  actions: readonly StandardAction[];
  /** Special permissions beyond the standard actions, with an English label for the catalogue. */
  extraPermissions?: Record<string, string>;
  fields: Record<string, FieldDef>;
  /** Fields the `q` filter searches (after translation, in the request language). */
  search: readonly string[];
  /** An English label for the permission group. */
  label: string;
  /**
   * `named`: a catalogue entry that is a translated name, maybe an image and a few plain fields (regions, comforts…).
   * The server derives its routes, list and records from the fields; the demo data must give it rows.
   */
  preset?: 'named';
  /** What a message calls one record, e.g. "Cottage type" (the named preset's; others' are in `db/tables.ts`). */
  one?: string;
}

const CRUD = STANDARD_ACTIONS;

function crud(base: string, opts: { addSuffix?: boolean } = {}) {
  return {
    list: base,
    one: `${base}/:id`,
    create: opts.addSuffix === false ? base : `${base}/add`,
    update: `${base}/edit/:id`,
    delete: `${base}/delete/:id`,
    bulkDelete: `${base}/bulk/delete`,
    export: `${base}/export`,
  };
}

/** The additive list-kit calls of a resource whose paths are not built by `crud()`. */
function kit(base: string) {
  return { bulkDelete: `${base}/bulk/delete`, export: `${base}/export` };
}

/** The CSV import of a resource whose export it reads back (`POST <base>/import`). */
function imports(base: string) {
  return { import: `${base}/import` };
}

/**
 * A `named` catalogue entry: a translated `name`, then its own `fields` in order (an `image` field gives it the image
 * replacement call and a multipart create). The server derives its routes, list and records from it
 * (`http/named-resource.ts`); `one` is what a message calls one record ("Region not found").
 */
function named<const K extends string, const R extends string, const F extends Record<string, FieldDef>>(entry: {
  key: K;
  route: R;
  label: string;
  one: string;
  /** Its own fields after `name` (`{}`: none). */
  fields: F;
}) {
  const fields = { name: { kind: 'translation', required: true }, ...entry.fields } as { name: { kind: 'translation'; required: true } } & F;
  const image = 'image' in fields;
  return {
    key: entry.key,
    route: entry.route,
    label: entry.label,
    one: entry.one,
    preset: 'named',
    api: { ...crud(entry.route), ...imports(entry.route), ...(image ? { image: `${entry.route}/edit/image/:id` } : {}) },
    ...(image ? { multipart: { create: true } } : {}),
    actions: CRUD,
    fields,
    search: ['name'],
  } as const;
}

export const resources = {
  language: {
    key: 'language',
    route: 'language',
    label: 'Languages',
    api: { list: 'language', one: 'language/:id', create: 'language', update: 'language/:id', delete: 'language/:id', image: 'language/update/image/:id', ...kit('language'), ...imports('language') },
    multipart: { create: true },
    actions: CRUD,
    fields: {
      code: { kind: 'text', required: true, max: 2 },
      title: { kind: 'text', required: true, max: 64 },
      image: { kind: 'image' },
    },
    search: ['code', 'title'],
  },
  translate: {
    key: 'translate',
    route: 'translate',
    label: 'Translations',
    api: { list: 'translate', one: 'translate/:id', create: 'translate', update: 'translate/:id', delete: 'translate/:id', ...kit('translate'), ...imports('translate') },
    actions: CRUD,
    fields: {
      code: { kind: 'text', required: true, max: 128 },
      type: { kind: 'enum', values: TRANSLATION_TYPES, required: true },
      definition: { kind: 'definitions', required: true },
      status: { kind: 'enum', values: ACTIVE_STATUSES },
    },
    // `definition`: the text of every language at once.
    search: ['code', 'definition'],
  },
  region: named({ key: 'region', route: 'region', label: 'Regions', one: 'Region', fields: {} }),
  place: named({
    key: 'place',
    route: 'place',
    label: 'Places',
    one: 'Place',
    fields: { regionId: { kind: 'reference', resource: 'region', required: true }, image: { kind: 'image' } },
  }),
  comfort: named({ key: 'comfort', route: 'comfort', label: 'Comforts', one: 'Comfort', fields: { image: { kind: 'image', required: true } } }),
  cottageType: named({
    key: 'cottageType',
    route: 'cottage-type',
    label: 'Cottage types',
    one: 'Cottage type',
    fields: { image: { kind: 'image' }, hidePrice: { kind: 'boolean' } },
  }),
  cottage: {
    key: 'cottage',
    route: 'cottage',
    label: 'Cottages',
    api: {
      ...crud('cottage'),
      // `image` replaces the cottage's main image (`:id` = cottage id), like the other resources' image calls.
      image: 'cottage/edit/image/:id',
      imageAdd: 'cottage/image/add',
      imageEdit: 'cottage/image/edit/:id',
      imageDelete: 'cottage/image/delete/:id',
      imageOrder: 'cottage/image/order/:id',
      premium: 'cottage/add/premium/:id',
      premiumEnd: 'cottage/delete/premium/:id',
      // The moderation desk (issue #25): claim the next cottage of the queue, release one, undo a decision.
      claim: 'cottage/claim',
      release: 'cottage/claim/:id',
      undo: 'cottage/undo/:id',
      bulkUpdate: 'cottage/bulk/edit',
      ...imports('cottage'),
    },
    multipart: { create: true },
    actions: CRUD,
    extraPermissions: { moderate: 'Confirm or reject cottages', premium: 'Place cottages as premium' },
    fields: {
      name: { kind: 'text', required: true, max: 200 },
      description: { kind: 'text', multiline: true, max: 5000 },
      mainImage: { kind: 'image', required: true },
      images: { kind: 'images' },
      cottageType: { kind: 'references', resource: 'cottageType' },
      regionId: { kind: 'reference', resource: 'region', required: true },
      placeId: { kind: 'reference', resource: 'place', required: true },
      price: { kind: 'number', required: true, min: 0, max: 1e12 },
      priceWeekend: { kind: 'number', required: true, min: 0, max: 1e12 },
      comforts: { kind: 'references', resource: 'comfort' },
      location: { kind: 'location' },
      cottageStatus: { kind: 'enum', values: COTTAGE_STATUSES },
      status: { kind: 'enum', values: ACTIVE_STATUSES },
      rating: { kind: 'number', min: 0, max: 5 },
      createdAt: { kind: 'date' },
    },
    search: ['name', 'description'],
  },
  service: {
    key: 'service',
    route: 'services',
    label: 'Services',
    api: { ...crud('services'), ...imports('services') },
    multipart: { create: true, update: true },
    actions: CRUD,
    fields: {
      name: { kind: 'translation', required: true },
      description: { kind: 'translation', required: true },
      serviceCode: { kind: 'enum', values: SERVICE_CODES, required: true },
      images: { kind: 'images' },
    },
    search: ['name', 'description'],
  },
  tariff: {
    key: 'tariff',
    route: 'tariff',
    label: 'Tariffs',
    api: { ...crud('tariff'), ...imports('tariff'), disable: 'tariff/disable' },
    actions: CRUD,
    extraPermissions: { disable: 'End a premium placement bought with a tariff' },
    fields: {
      type: { kind: 'translation', required: true },
      description: { kind: 'translation', required: true },
      service_id: { kind: 'reference', resource: 'service', required: true },
      days: { kind: 'number', required: true, min: 1, max: 3650, integer: true },
      price: { kind: 'number', required: true, min: 0, max: 2_000_000_000, integer: true },
    },
    search: ['type', 'description'],
  },
  order: {
    key: 'order',
    route: 'order',
    label: 'Orders',
    api: {
      list: 'order/all/for/admin',
      one: 'order/:id',
      update: 'order/update/:id',
      delete: 'order/delete/:id',
      activate: 'order/activate/:id',
      bulkUpdate: 'order/bulk/edit',
      ...kit('order'),
    },
    actions: ['list', 'show', 'edit', 'delete'],
    extraPermissions: { activate: 'Activate the premium placement of an order' },
    fields: {
      cottageId: { kind: 'reference', resource: 'cottage' },
      userId: { kind: 'reference', resource: 'user' },
      tariffId: { kind: 'reference', resource: 'tariff' },
      status: { kind: 'enum', values: ACTIVE_STATUSES },
      orderStatus: { kind: 'enum', values: ORDER_STATUSES },
      createdAt: { kind: 'date' },
    },
    // The cottage's name, the buyer's name (or username) and username.
    search: ['cottage', 'user', 'username'],
  },
  role: {
    key: 'role',
    route: 'roles',
    label: 'Roles',
    api: crud('role'),
    actions: CRUD,
    fields: {
      name: { kind: 'text', required: true, max: 64 },
      permissions: { kind: 'references', resource: 'permission' },
    },
    search: ['name'],
  },
  permission: {
    key: 'permission',
    route: 'permission',
    label: 'Permissions',
    api: { list: 'models' },
    actions: ['list'],
    fields: { code: { kind: 'text' }, name: { kind: 'text' } },
    search: ['code', 'name'],
  },
  user: {
    key: 'user',
    route: 'user',
    label: 'Users',
    api: { list: 'user/all', one: 'user/:id', create: 'user/add', update: 'user/edit/:id', delete: 'user/delete/:id', ...kit('user') },
    multipart: { update: true },
    actions: CRUD,
    fields: {
      username: { kind: 'text', required: true, max: 64 },
      name: { kind: 'text', max: 128 },
      email: { kind: 'text', max: 254 },
      phone: { kind: 'text', max: 20 },
      password: { kind: 'text', secret: true },
      image: { kind: 'image' },
      roles: { kind: 'references', resource: 'role' },
      balance: { kind: 'number' },
    },
    search: ['username', 'name', 'phone', 'email'],
  },
  notification: {
    key: 'notification',
    route: 'notification',
    label: 'Notifications',
    api: { list: 'notification/all', one: 'notification/:id', create: 'notification/add', delete: 'notification/delete/:id', ...kit('notification') },
    actions: ['list', 'show', 'create', 'delete'],
    fields: {
      message: { kind: 'text', required: true, multiline: true, max: 2000 },
      type: { kind: 'enum', values: NOTIFICATION_TYPES, required: true },
      userId: { kind: 'reference', resource: 'user' },
      createdAt: { kind: 'date' },
    },
    // `name`: the target user's name (or username).
    search: ['message', 'name'],
  },
  audit: {
    key: 'audit',
    route: 'audit',
    label: 'Audit log',
    // Read only: entries are written by the writes themselves (`src/server/http/unit-of-work.ts`).
    api: { list: 'audit', export: 'audit/export', revert: 'audit/revert/:id' },
    actions: ['list'],
    fields: {
      userId: { kind: 'reference', resource: 'user' },
      userName: { kind: 'text' },
      resource: { kind: 'text' },
      recordId: { kind: 'text' },
      action: { kind: 'text' },
      createdAt: { kind: 'date' },
    },
    search: ['userName', 'recordId'],
  },
} as const satisfies Record<string, ResourceDef>;

export type ResourceName = keyof typeof resources;
const RESOURCE_NAMES = Object.keys(resources) as ResourceName[];
/** The resources declared with the `named` preset. */
export type NamedKey = { [K in ResourceName]: (typeof resources)[K] extends { preset: 'named' } ? K : never }[ResourceName];
export const NAMED_KEYS = RESOURCE_NAMES.filter((key): key is NamedKey => (resources[key] as ResourceDef).preset === 'named');
/** react-admin's resource names: the union of every entry's `route`. */
export type AdminRoute = (typeof resources)[ResourceName]['route'];

/** Finds a resource by its admin route segment (react-admin's resource name). */
export function resourceByRoute(route: string): ResourceDef | undefined {
  return Object.values(resources).find((r) => r.route === route);
}

/** Substitutes `:id` in a registry path. */
export function apiPath(template: string, id?: string | number): string {
  return id === undefined ? template : template.replace(':id', encodeURIComponent(String(id)));
}
