import { useQuery } from '@tanstack/react-query';
import { API_BASE } from '../../providers/httpClient';
import type { PublicConfig } from '../../../shared/schemas/public-config';
import { PATHS } from '../../../shared/paths';

/** `GET /config` (public, no token): the map's tile server and place search, read once per session. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['public-config'],
    queryFn: async (): Promise<PublicConfig> => {
      const res = await fetch(`${API_BASE}/${PATHS.config}`);
      if (!res.ok) throw new Error(`GET /config answered ${res.status}`);
      return res.json();
    },
    staleTime: Infinity,
    retry: 1,
  });
}
