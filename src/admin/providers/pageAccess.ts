/**
 * The admin pages that are not registry resources, each with the permission it needs (`null`: any signed-in user).
 * Pure (no React), so canAccess stays in the login bundle; the page elements and menu places are in layout/pages.
 */
import type { ResourceName } from '../../shared/resources';

export interface PageAccess {
  resource: ResourceName | 'stats';
  action: string;
}

export const PAGE_ACCESS = {
  home: null,
  dashboard: null,
  profile: null,
  'progress-cottages': { resource: 'cottage', action: 'list' },
  stats: { resource: 'stats', action: 'view' },
} as const satisfies Record<string, PageAccess | null>;

export type PageRoute = keyof typeof PAGE_ACCESS;

export function isPage(name: string): name is PageRoute {
  return Object.hasOwn(PAGE_ACCESS, name);
}
