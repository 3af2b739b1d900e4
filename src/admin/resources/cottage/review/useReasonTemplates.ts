import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';

export const TEMPLATES_KEY = ['moderation-reason', 'desk'] as const;

/** The rejection reason templates, by position (cached for the desk's session; the manage dialog refreshes them). */
export function useReasonTemplates(enabled = true) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: [...TEMPLATES_KEY], queryFn: () => dataProvider.reasonTemplates(), enabled, staleTime: 60_000 });
}
