import { MutationCache, QueryClient } from '@tanstack/react-query';

/**
 * Caches that any write can make stale, whichever screen wrote: the translations still free to pick (a name was taken
 * or released), the home counts and the progress badge, and the header's language list.
 */
export const WRITE_SENSITIVE_KEYS = [['translate', 'unused'], ['stats'], ['language', 'codes']] as const;

/** react-admin's query client, refreshing those caches after every successful create, update or delete. */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: () => {
        for (const queryKey of WRITE_SENSITIVE_KEYS) void client.invalidateQueries({ queryKey: [...queryKey] });
      },
    }),
  });
  return client;
}
