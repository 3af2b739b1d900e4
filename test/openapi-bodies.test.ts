/** The OpenAPI document describes every write body as fields — multipart ones included, with their files. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';
import { resources, type ResourceDef } from '../src/shared/resources';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Operation = { tags?: string[]; requestBody?: { content: Record<string, { schema: Record<string, unknown> }> } };

/** Every property name a JSON schema declares, through allOf/anyOf. */
function propertiesOf(schema: Record<string, unknown> | undefined): string[] {
  if (!schema) return [];
  const own = Object.keys((schema.properties as object | undefined) ?? {});
  const nested = ['allOf', 'anyOf', 'oneOf'].flatMap((k) => ((schema[k] as Record<string, unknown>[] | undefined) ?? []).flatMap(propertiesOf));
  return [...own, ...nested];
}

const toOpenApi = (path: string) => `/api/v1/${path.replace(':id', '{id}')}`;

describe('the OpenAPI document', () => {
  it('describes each resource write as fields, multipart ones with their file fields, tagged with the resource key', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
    const checked: string[] = [];
    for (const def of Object.values(resources) as ResourceDef[]) {
      for (const [action, method, multipart] of [
        ['create', 'post', def.multipart?.create],
        ['update', 'patch', def.multipart?.update],
      ] as const) {
        const path = def.api[action];
        if (!path) continue;
        const op = doc.paths[toOpenApi(path)]?.[method];
        expect(op, `${method} ${path}`).toBeDefined();
        const content = op.requestBody?.content ?? {};
        if (multipart) expect(Object.keys(content), `${method} ${path}`).toContain('multipart/form-data');
        const mediaType = content['multipart/form-data'] ?? content['application/json'];
        const fields = propertiesOf(mediaType?.schema);
        expect(fields.length, `${method} ${path} has no described fields`).toBeGreaterThan(0);
        const imageFields = Object.entries(def.fields).filter(([, f]) => f.kind === 'image' || f.kind === 'images');
        if (multipart && action === 'create') for (const [name] of imageFields) expect(fields, `${method} ${path}`).toContain(name);
        checked.push(`${method} ${path}`);
      }
      if (def.api.image) {
        const op = doc.paths[toOpenApi(def.api.image)]?.patch;
        expect(propertiesOf(op?.requestBody?.content['multipart/form-data']?.schema)).toContain('image');
      }
    }
    expect(checked).toContain('post region/add');
    expect(doc.paths['/api/v1/region/add'].post.tags).toEqual(['region']);
  });
});
