/**
 * The base dataProvider, derived from the resource registry: react-admin's resource name is the registry's `route`;
 * list reads speak ra-data-simple-rest's dialect (`range`, `sort`, `filter`, Content-Range); writes go to each
 * resource's own (irregular) paths; records pass through `fromApi` on the way in and `toWriteBody` on the way out.
 */
import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { apiPath, resourceByRoute, type ResourceDef } from '../../shared/resources';
import { ConflictError, conflictStore, currentOf, staleStore, versionHeader } from './conflict';
import type { Http } from './httpClient';
import { applyListParams, listQuery, totalFromHeaders, type Row } from './listQuery';
import { toWriteBody } from './payload';
import { fromApi } from './records';

/** The server takes at most this many ids in one bulk call (all or nothing, one transaction). */
export const BULK_LIMIT = 1000;

type Op = Exclude<keyof ResourceDef['api'], 'list'>;

function defOf(resource: string): ResourceDef {
  const def = resourceByRoute(resource);
  if (!def) throw new Error(`Unknown resource: ${resource}`);
  return def;
}

function pathOf(def: ResourceDef, op: Op, id?: Identifier): string {
  const template = def.api[op];
  if (!template) throw new Error(`The ${def.key} resource has no ${op} call`);
  return apiPath(template, id);
}

function encode(body: Record<string, unknown> | FormData | undefined): BodyInit | undefined {
  return body instanceof FormData ? body : JSON.stringify(body ?? {});
}

/** The registry's bulk path, or a clear error: never one request per id, a half-applied bulk action is worse. */
function bulkPath(def: ResourceDef, op: 'bulkUpdate' | 'bulkDelete', ids: Identifier[]): string {
  const path = def.api[op];
  if (!path) throw new Error(`The ${def.key} resource has no bulk ${op === 'bulkUpdate' ? 'edit' : 'delete'} call`);
  if (ids.length > BULK_LIMIT) throw new Error(`At most ${BULK_LIMIT} records at once (${ids.length} selected)`);
  return path;
}

export function createBaseProvider(http: Http): DataProvider {
  async function list(resource: string, params: Partial<GetListParams>) {
    const def = defOf(resource);
    const res = await http<Row[]>(`${def.api.list}${listQuery(params)}`);
    const rows = (Array.isArray(res.json) ? res.json : []).map((r) => fromApi(def, r));
    const total = totalFromHeaders(res.headers);
    // A server that ignored range/sort/filter answered with everything: do the work here instead.
    return total === undefined ? applyListParams(rows, params, def.search) : { data: rows, total };
  }

  async function one(def: ResourceDef, id: Identifier): Promise<RaRecord> {
    if (def.api.one) return fromApi(def, (await http<RaRecord>(pathOf(def, 'one', id))).json);
    const { data } = await list(def.route, { filter: { id: [id] } });
    if (!data[0]) throw new Error('ra.notification.item_doesnt_exist');
    return data[0];
  }

  const upload = createImageUpload(http);
  const uploadImage = async (def: ResourceDef, id: Identifier, file: File, headers?: Record<string, string>) => (await upload(def.route, id, file, headers)).data;

  // DataProvider's methods are generic in the record type the caller expects; our answers are whatever the server
  // sent, so each result is handed over with `as never` at that one boundary.
  return {
    getList: (resource, params) => list(resource, params) as never,
    getOne: async (resource, { id }) => ({ data: await one(defOf(resource), id) }) as never,
    getMany: async (resource, { ids }) => ({ data: (await list(resource, { filter: { id: ids } })).data }) as never,
    getManyReference: (resource, { target, id, filter, ...rest }) =>
      list(resource, { ...rest, filter: { ...filter, [target]: id } }) as never,
    async create(resource, { data }) {
      const def = defOf(resource);
      const { body, image } = toWriteBody(def, data, 'create');
      let record = fromApi(def, (await http<RaRecord>(pathOf(def, 'create'), { method: 'POST', body: encode(body) })).json);
      if (image && def.api.image) record = await uploadImage(def, record.id, image);
      return { data: record } as never;
    },
    async update(resource, { id, data, previousData, meta }) {
      const def = defOf(resource);
      const { body, image } = toWriteBody(def, data, 'update', previousData);
      let record: RaRecord | undefined;
      // Heard changed while open (and not an overwrite on purpose): the dialog before the save, not after its 409.
      if (staleStore.has(resource, id) && (meta as { version?: unknown } | undefined)?.version === undefined) {
        const current = await one(def, id);
        if (current.updatedAt !== (previousData as RaRecord | undefined)?.updatedAt) {
          const conflict = { resource, id, data: data as Record<string, unknown>, previousData: previousData as RaRecord, current };
          conflictStore.set(conflict);
          throw new ConflictError(conflict);
        }
      }
      try {
        // The version the form was opened on (or, to overwrite on purpose, `meta.version`): a newer one answers 409.
        if (body) {
          const res = await http<RaRecord>(pathOf(def, 'update', id), { method: 'PATCH', body: encode(body), headers: versionHeader(previousData, meta) });
          record = fromApi(def, res.json);
        }
        if (image && def.api.image) record = await uploadImage(def, id, image, record ? versionHeader(record, undefined) : versionHeader(previousData, meta));
      } catch (error) {
        const current = currentOf(error);
        if (!current) throw error;
        const conflict = { resource, id, data: data as Record<string, unknown>, previousData: previousData as RaRecord, current: fromApi(def, current) };
        conflictStore.set(conflict);
        throw new ConflictError(conflict);
      }
      // Nothing sent here (a lifecycle callback may have written): read the record as it now is.
      return { data: record ?? (await one(def, id)) } as never;
    },
    async updateMany(resource, { ids, data }) {
      const def = defOf(resource);
      const { body = {} } = toWriteBody(def, data, 'update', {}, { json: true });
      const path = bulkPath(def, 'bulkUpdate', ids);
      await http(path, { method: 'PATCH', body: JSON.stringify({ ids, data: body }) });
      return { data: ids };
    },
    async delete(resource, { id, previousData }) {
      const res = await http<RaRecord | null>(pathOf(defOf(resource), 'delete', id), { method: 'DELETE' });
      return { data: (res.json ?? previousData ?? { id }) as never };
    },
    async deleteMany(resource, { ids }) {
      const def = defOf(resource);
      const path = bulkPath(def, 'bulkDelete', ids);
      await http(path, { method: 'POST', body: JSON.stringify({ ids }) });
      return { data: ids };
    },
  };
}

/** The registry's image call for any resource that has one (`PATCH <image path>`, multipart `image`). */
export function createImageUpload(http: Http) {
  return async (resource: string, id: Identifier, file: File, headers?: Record<string, string>): Promise<{ data: RaRecord }> => {
    const def = defOf(resource);
    const form = new FormData();
    form.append('image', file);
    const res = await http<RaRecord>(pathOf(def, 'image', id), { method: 'PATCH', body: form, headers });
    return { data: fromApi(def, res.json) };
  };
}
