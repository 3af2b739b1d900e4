/**
 * Whether the holder of `permissions` may do `action` on the admin resource `resource` (react-admin's names, the
 * registry's routes). Pure, so it is tested without a browser; the server checks the same codes on every call.
 */
import { can } from '../../shared/permissions';
import { resourceByRoute } from '../../shared/resources';
import { isPage, PAGE_ACCESS } from './pageAccess';

/** react-admin actions that are another action under a different name. */
const ALIASES: Record<string, string> = { export: 'list', clone: 'create', read: 'show' };

export function canAccessWith(permissions: readonly string[], resource: string, action: string): boolean {
  if (isPage(resource)) {
    const page = PAGE_ACCESS[resource];
    return page === null || can(permissions, page.resource, page.action);
  }
  const def = resourceByRoute(resource);
  if (!def) return false;
  return can(permissions, def.key, ALIASES[action] ?? action);
}
