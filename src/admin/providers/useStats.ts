import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from './dataProvider';
import type { Stats } from './apiExtras';

/** The dashboard counts, shared by the home tiles and the menu's progress badge (one request). */
export function useStats() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<Stats>({ queryKey: ['stats'], queryFn: () => dataProvider.stats(), retry: false });
}
