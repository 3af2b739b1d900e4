/**
 * The admin pages that belong to no registry resource, each with the permission it needs (`null`: any signed-in
 * user). Pure (no React), so canAccess stays in the login bundle; the page elements and menu places are in
 * shell/pages. A resource's own pages (its module's `pages`) need its `list`, which the menu asks about.
 */
import type { ResourceName } from '../../shared/resources';

interface PageAccess {
  resource: ResourceName | 'stats' | 'webhook';
  action: string;
}

export const PAGE_ACCESS = {
  home: null,
  dashboard: null,
  profile: null,
  stats: { resource: 'stats', action: 'view' },
  webhooks: { resource: 'webhook', action: 'manage' },
} as const satisfies Record<string, PageAccess | null>;

export type PageRoute = keyof typeof PAGE_ACCESS;

export function isPage(name: string): name is PageRoute {
  return Object.hasOwn(PAGE_ACCESS, name);
}
