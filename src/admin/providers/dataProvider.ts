/**
 * The dataProvider, derived from the resource registry: react-admin's resource name is the registry's `route`; list
 * reads follow simple-rest's query conventions; writes go to each resource's own (irregular) paths.
 */
import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { apiPath, resourceByRoute, type ResourceDef } from '../../shared/resources';
import { httpClient as defaultHttp, type ApiResponse } from './httpClient';
import { applyListParams, listQuery, totalFromHeaders, type Row } from './listQuery';
import { toWriteBody } from './payload';
import { createApiExtras, type ApiExtras } from './apiExtras';

export type Http = <T = unknown>(path: string, init?: RequestInit) => Promise<ApiResponse<T>>;
export type AppDataProvider = DataProvider & ApiExtras;

function defOf(resource: string): ResourceDef {
  const def = resourceByRoute(resource);
  if (!def) throw new Error(`Unknown resource: ${resource}`);
  return def;
}

function path(def: ResourceDef, op: 'one' | 'create' | 'update' | 'delete' | 'image', id?: Identifier): string {
  const template = def.api[op];
  if (!template) throw new Error(`The ${def.key} resource has no ${op} call`);
  return apiPath(template, id);
}

function encode(body: Record<string, unknown> | FormData | undefined): BodyInit | undefined {
  return body instanceof FormData ? body : JSON.stringify(body ?? {});
}

export function createDataProvider(http: Http = defaultHttp): AppDataProvider {
  async function list(resource: string, params: Partial<GetListParams>) {
    const def = defOf(resource);
    const res = await http<Row[]>(`${def.api.list}${listQuery(params)}`);
    const rows = Array.isArray(res.json) ? res.json : [];
    const total = totalFromHeaders(res.headers);
    // A server that ignored range/sort/filter answered with everything: do the work here instead.
    return total === undefined ? applyListParams(rows, params, def.search) : { data: rows, total };
  }

  async function uploadImage(def: ResourceDef, id: Identifier, file: File): Promise<RaRecord> {
    const form = new FormData();
    form.append('image', file);
    const res = await http<RaRecord>(path(def, 'image', id), { method: 'PATCH', body: form });
    return res.json;
  }

  // DataProvider's methods are generic in the record type the caller expects; our answers are whatever the server
  // sent, so each result is handed over with `as never` at that one boundary.
  const provider: DataProvider = {
    getList: (resource, params) => list(resource, params) as never,
    async getOne(resource, { id }) {
      const def = defOf(resource);
      if (def.api.one) return { data: (await http<RaRecord>(path(def, 'one', id))).json } as never;
      const { data } = await list(resource, { filter: { id: [id] } });
      if (!data[0]) throw new Error('ra.notification.item_doesnt_exist');
      return { data: data[0] } as never;
    },
    getMany: async (resource, { ids }) => ({ data: (await list(resource, { filter: { id: ids } })).data }) as never,
    getManyReference: (resource, { target, id, filter, ...rest }) =>
      list(resource, { ...rest, filter: { ...filter, [target]: id } }) as never,
    async create(resource, { data }) {
      const def = defOf(resource);
      const { body, image } = toWriteBody(def, data, 'create');
      let record = (await http<RaRecord>(path(def, 'create'), { method: 'POST', body: encode(body) })).json;
      if (image && def.api.image) record = await uploadImage(def, record.id, image);
      return { data: record } as never;
    },
    async update(resource, { id, data, previousData }) {
      const def = defOf(resource);
      const { body, image } = toWriteBody(def, data, 'update', previousData);
      let record: RaRecord = { ...previousData, id };
      if (body) record = (await http<RaRecord>(path(def, 'update', id), { method: 'PATCH', body: encode(body) })).json;
      if (image && def.api.image) record = await uploadImage(def, id, image);
      return { data: record } as never;
    },
    async updateMany(resource, { ids, data }) {
      for (const id of ids) await provider.update(resource, { id, data, previousData: { id } });
      return { data: ids };
    },
    async delete(resource, { id, previousData }) {
      const res = await http<RaRecord | null>(path(defOf(resource), 'delete', id), { method: 'DELETE' });
      return { data: (res.json ?? previousData ?? { id }) as never };
    },
    async deleteMany(resource, { ids }) {
      for (const id of ids) await provider.delete(resource, { id });
      return { data: ids };
    },
  };

  return {
    ...provider,
    ...createApiExtras(http),
    updateImage: async (resource: string, id: Identifier, file: File) => ({
      data: await uploadImage(defOf(resource), id, file),
    }),
  };
}
