/** The saved-query calls (issue 9): a list's filter, sort and columns, kept on the server per user. */
import { apiPath } from '../../shared/resources';
import { SAVED_QUERY_PATHS } from '../../shared/paths';
import type { SavedQueryValue } from '../../shared/schemas/saved-query';
import type { Json } from '../../shared/json';
import type { SavedQueryRecord } from '../../shared/records/saved-query';
import { httpClient, type Http } from './httpClient';


/** A record as it travels: dates are ISO strings on the wire. */
export type SavedQuery = Json<SavedQueryRecord>;
export type { SavedQueryValue };

interface NewSavedQuery {
  resource: string;
  name: string;
  query: SavedQueryValue;
  shared?: boolean;
}

interface SavedQueriesApi {
  list(resource: string): Promise<SavedQuery[]>;
  create(input: NewSavedQuery): Promise<SavedQuery>;
  update(id: string, changes: { name?: string; shared?: boolean }): Promise<SavedQuery>;
  remove(id: string): Promise<SavedQuery>;
}

export function createSavedQueriesApi(http: Http = httpClient): SavedQueriesApi {
  return {
    list: async (resource) => (await http<SavedQuery[]>(`${SAVED_QUERY_PATHS.list}?resource=${encodeURIComponent(resource)}`)).json ?? [],
    create: async (input) => (await http<SavedQuery>(SAVED_QUERY_PATHS.create, { method: 'POST', body: JSON.stringify(input) })).json,
    update: async (id, changes) =>
      (await http<SavedQuery>(apiPath(SAVED_QUERY_PATHS.update, id), { method: 'PATCH', body: JSON.stringify(changes) })).json,
    remove: async (id) => (await http<SavedQuery>(apiPath(SAVED_QUERY_PATHS.delete, id), { method: 'DELETE' })).json,
  };
}

export const savedQueriesApi = createSavedQueriesApi();

/** The react-query key of one list's saved queries. */
export const savedQueriesKey = (resource: string) => ['saved-query', resource];
