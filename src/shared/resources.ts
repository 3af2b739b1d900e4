/**
 * The resource registry: every resource of the product declared once.
 *
 * The server registers its routes on these paths and derives the permission catalogue from `actions`; the admin's
 * dataProvider maps react-admin calls onto the same paths, and its views read the field kinds. A resource writes by
 * hand only what is special about it.
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
    /** Premium placements: create one for a cottage (`:id` = cottage id), end one (`:id` = placement id). */
    premium?: string;
    premiumEnd?: string;
    /** "Active Pre": turn an order into its premium placement, once (`:id` = order id). */
    activate?: string;
    /** Additive bulk calls (one transaction, all or nothing, at most 1000 ids): `POST {ids}` deletes them all. */
    bulkDelete?: string;
    /** `PATCH {ids, data}` applies one change to all of them (cottage moderation, order status). */
    bulkUpdate?: string;
    /** Additive: the list as a streamed CSV with the list's own filter and sort, every matching row. */
    export?: string;
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

export const resources = {
  language: {
    key: 'language',
    route: 'language',
    label: 'Languages',
    api: { list: 'language', one: 'language/:id', create: 'language', update: 'language/:id', delete: 'language/:id', image: 'language/update/image/:id', ...kit('language') },
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
    api: { list: 'translate', one: 'translate/:id', create: 'translate', update: 'translate/:id', delete: 'translate/:id', ...kit('translate') },
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
  region: {
    key: 'region',
    route: 'region',
    label: 'Regions',
    api: crud('region'),
    actions: CRUD,
    fields: { name: { kind: 'translation', required: true } },
    search: ['name'],
  },
  place: {
    key: 'place',
    route: 'place',
    label: 'Places',
    api: { ...crud('place'), image: 'place/edit/image/:id' },
    multipart: { create: true },
    actions: CRUD,
    fields: {
      name: { kind: 'translation', required: true },
      regionId: { kind: 'reference', resource: 'region', required: true },
      image: { kind: 'image' },
    },
    search: ['name'],
  },
  comfort: {
    key: 'comfort',
    route: 'comfort',
    label: 'Comforts',
    api: { ...crud('comfort'), image: 'comfort/edit/image/:id' },
    multipart: { create: true },
    actions: CRUD,
    fields: { name: { kind: 'translation', required: true }, image: { kind: 'image', required: true } },
    search: ['name'],
  },
  cottageType: {
    key: 'cottageType',
    route: 'cottage-type',
    label: 'Cottage types',
    api: { ...crud('cottage-type'), image: 'cottage-type/edit/image/:id' },
    multipart: { create: true },
    actions: CRUD,
    fields: {
      name: { kind: 'translation', required: true },
      image: { kind: 'image' },
      hidePrice: { kind: 'boolean' },
    },
    search: ['name'],
  },
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
      premium: 'cottage/add/premium/:id',
      premiumEnd: 'cottage/delete/premium/:id',
      bulkUpdate: 'cottage/bulk/edit',
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
    api: crud('services'),
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
    api: crud('tariff'),
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
    // Read only: entries are written by the writes themselves (`src/server/lib/audit.ts`).
    api: { list: 'audit', export: 'audit/export' },
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
export const RESOURCE_NAMES = Object.keys(resources) as ResourceName[];
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
