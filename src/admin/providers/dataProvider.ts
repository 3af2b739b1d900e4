/**
 * The panel's dataProvider in three layers: the registry-driven base (`base.ts`), each resource's own write side
 * effects as react-admin lifecycle callbacks (`lifecycle.ts`), and the calls beyond CRUD (`apiExtras.ts`).
 */
import { withLifecycleCallbacks, type DataProvider } from 'react-admin';
import { createApiExtras, type ApiExtras } from './apiExtras';
import { createBaseProvider, createImageUpload } from './base';
import { httpClient as defaultHttp, type Http } from './httpClient';
import { cottageCallbacks, fetchStored, servicesCallbacks, type FetchStored } from './lifecycle';

export type { Http } from './httpClient';
export type AppDataProvider = DataProvider & ApiExtras;

export function createDataProvider(http: Http = defaultHttp, readStored: FetchStored = fetchStored): AppDataProvider {
  const extras = createApiExtras(http);
  const provider = withLifecycleCallbacks(createBaseProvider(http), [
    cottageCallbacks(extras),
    servicesCallbacks(readStored),
  ]);
  return { ...provider, ...extras, updateImage: createImageUpload(http) };
}
