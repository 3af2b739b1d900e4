/** The panel's calls for the caller's own API keys (server: routes/api-keys.ts). */
import { httpClient } from '../providers/httpClient';
// Types only: the schemas' zod stays out of the panel's bundle.
import type { ApiKeyCreate, ApiKeyRecord } from '../../shared/schemas/api-key';

/** Dates arrive as ISO strings. */
export type ApiKey = Omit<ApiKeyRecord, 'expiresAt' | 'createdAt' | 'lastUsedAt' | 'revokedAt'> & {
  expiresAt: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};
type NewApiKey = Omit<ApiKeyCreate, 'expiresAt'> & { expiresAt: string };

export const apiKeysApi = {
  list: async () => (await httpClient<ApiKey[]>('api-keys')).json,
  create: async (body: NewApiKey) => (await httpClient<ApiKey & { token: string }>('api-keys', { method: 'POST', body: JSON.stringify(body) })).json,
  revoke: async (id: string) => void (await httpClient(`api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' })),
};
