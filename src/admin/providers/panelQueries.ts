/**
 * Queries of the panel's first screen that the login page starts as soon as the tokens arrive (panelChunk.ts), so
 * the parts that use them find their answers in the cache: one definition, one cache key. An answer counts as fresh
 * for FRESH_MS, so the panel mounting right after the login does not ask again; any write refreshes both at once
 * (queryClient.ts).
 */
const FRESH_MS = 5_000;
import type { AppDataProvider } from './dataProvider';
import type { Stats } from './apiExtras';

/** The dashboard counts (home tiles, the menu's progress badge). */
export const statsQuery = (dataProvider: AppDataProvider) => ({ queryKey: ['stats'], queryFn: (): Promise<Stats> => dataProvider.stats(), retry: false, staleTime: FRESH_MS });

/** The languages the server offers (the header's language choice). */
export const languageCodesQuery = (dataProvider: AppDataProvider) => ({ queryKey: ['language', 'codes'], queryFn: () => dataProvider.languages(), staleTime: FRESH_MS });
