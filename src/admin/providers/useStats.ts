import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from './dataProvider';
import { statsQuery } from './panelQueries';

/** The dashboard counts, shared by the home tiles and the menu's progress badge (one request). */
export function useStats() {
  return useQuery(statsQuery(useDataProvider<AppDataProvider>()));
}
