/**
 * Starting a list's first page at the menu click instead of after the list's first render (the list's own request
 * leaves only once its page has been drawn empty, ~100–300 ms later on a busy machine). The request is keyed exactly
 * like react-admin's `useGetList` inside `useListController`, with the page, sort and filters the list will read from
 * the store, so the list finds it in flight (or answered) and does not ask again.
 */
import type { Query, QueryClient } from '@tanstack/react-query';
import { getQuery, type DataProvider, type FilterPayload, type GetListParams, type SortPayload, type Store } from 'react-admin';

/** A list's fixed props that decide its first request: `<KitList {...defaults}>` and the menu's prefetch share them. */
export interface ListDefaults {
  /** The permanent filter (`filter` of `<List>`), merged over the user's filters. */
  filter?: FilterPayload;
  sort: SortPayload;
  perPage: number;
  /** `storeKey` of `<List>` when it is not `<resource>.listParams`. */
  storeKey?: string;
}

/** The query key and params of the list's first request, as `useListController` + `useGetList` build them. */
function listRequest(resource: string, defaults: ListDefaults, store: Pick<Store, 'getItem'>) {
  const stored: unknown = store.getItem(defaults.storeKey ?? `${resource}.listParams`, {});
  const query = getQuery({ queryFromLocation: {}, params: stored ?? {}, filterDefaultValues: undefined, sort: defaults.sort, perPage: defaults.perPage });
  const params: GetListParams = {
    pagination: { page: query.page, perPage: query.perPage },
    sort: { field: query.sort, order: query.order },
    filter: { ...query.filter, ...defaults.filter },
    meta: undefined,
  };
  return { queryKey: [resource, 'getList', params] as const, params };
}

/** How long a prefetched page counts as fresh: the list mounting right after the click uses it without asking again. */
const PREFETCH_FRESH_MS = 3000;
const prefetched = new Map<string, number>();

/** Asks for the list's first page now; a failure is left to the list's own request (it asks again, and reports). */
export function prefetchList(queryClient: QueryClient, dataProvider: DataProvider, store: Pick<Store, 'getItem'>, resource: string, defaults: ListDefaults) {
  const { queryKey, params } = listRequest(resource, defaults, store);
  const startedAt = Date.now();
  void queryClient
    .prefetchQuery({
      queryKey,
      queryFn: () =>
        dataProvider.getList(resource, params).then(({ data, total, pageInfo, meta }) => ({ data, total, pageInfo, meta })),
    })
    .then(() => {
      const query = queryClient.getQueryCache().find({ queryKey, exact: true });
      if (query && query.state.status === 'success' && query.state.dataUpdatedAt >= startedAt) prefetched.set(query.queryHash, query.state.dataUpdatedAt);
    });
}

/**
 * The list's `staleTime`: a page the menu click fetched is fresh for a moment (no second request when the list
 * mounts); anything else is stale at once, react-admin's default (a list visited again refetches).
 */
export function listStaleTime(query: Pick<Query, 'queryHash' | 'state'>): number {
  const at = prefetched.get(query.queryHash);
  return at !== undefined && query.state.dataUpdatedAt === at ? PREFETCH_FRESH_MS : 0;
}
