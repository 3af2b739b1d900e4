import { useMediaQuery, type Theme } from '@mui/material';
import { useGetIdentity, useResourceContext, useStore } from 'react-admin';

/**
 * A layout choice of the signed-in user, kept in react-admin's store (localStorage) under the user's id, so two people
 * sharing a browser each find their own: `layout.<userId>.<name>`.
 */
function useUserChoice<T>(name: string, fallback: T): [T, (value: T) => void] {
  const { identity } = useGetIdentity();
  const [stored, setStored] = useStore<T | undefined>(`layout.${identity?.id ?? 'anonymous'}.${name}`);
  return [stored ?? fallback, setStored];
}

type Density = 'comfortable' | 'compact';

/** Lists that start compact: an operator's daily lists, where a laptop should show a dozen rows, not five (#34). */
const COMPACT_BY_DEFAULT = new Set(['cottage']);

/**
 * Comfortable (thumbnails at their size) or compact rows (20 and more on a 768 px screen), chosen per list: the
 * cottage lists start compact, the others comfortable, until the user chooses.
 */
export function useDensity() {
  const resource = useResourceContext() ?? '';
  return useUserChoice<Density>(`density.${resource}`, COMPACT_BY_DEFAULT.has(resource) ? 'compact' : 'comfortable');
}

/**
 * Whether the lists' side panel (saved queries, quick filters) is open. Until the user chooses, it is open on screens
 * of 1536 px and wider and a narrow rail below, where the table needs the width.
 */
export function useFiltersOpen() {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('xl'));
  return useUserChoice<boolean>('filters', wide);
}

/** Below 600 px the lists are cards, the side panel is hidden and bulk selection is off. */
export const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
