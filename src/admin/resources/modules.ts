import { resources, type AdminRoute } from '../../shared/resources';
import { withHistory } from './audit/History';
import type { ResourceModule } from './module';

/**
 * Every admin resource by its route: the folders `resources/<route>/` with an `index.ts(x)` whose default export is
 * the resource's module (views, menu place, home tile). Found by Vite (the panel's chunk, and vitest), so a new
 * resource needs no line here. The panel registers them, the menu lists those with a `menu` place in its order, and
 * the home page shows their tiles.
 */
const found = import.meta.glob<ResourceModule>('./*/index.{ts,tsx}', { eager: true, import: 'default' });

const byFolder = new Map(Object.entries(found).map(([path, module]) => [path.split('/')[1], module]));

/** The registry's routes; the folders must be exactly these (a missing or stray folder fails loudly, naming it). */
const ROUTES = Object.values(resources).map((r) => r.route as AdminRoute);

export function checkFolders(folders: Iterable<string>, routes: readonly string[] = ROUTES): void {
  const have = new Set(folders);
  const missing = routes.filter((route) => !have.has(route));
  const stray = [...have].filter((folder) => !routes.includes(folder));
  if (missing.length) throw new Error(`No admin module for the registry route(s) ${missing.join(', ')}: add src/admin/resources/<route>/index.ts`);
  if (stray.length) throw new Error(`src/admin/resources/${stray.join(', ')}/ is no registry route (src/shared/resources.ts)`);
}
checkFolders(byFolder.keys());

export const modules = Object.fromEntries(ROUTES.map((route) => [route, byFolder.get(route)!])) as Record<AdminRoute, ResourceModule>;

/** The modules as a list, in the registry's order, edit pages with their History. */
export const moduleEntries: [AdminRoute, ResourceModule][] = ROUTES.map((route) => {
  const module = modules[route];
  // Every edit page shows its record's History (to holders of `audit.list`), added here once for all.
  return [route, module.edit ? { ...module, edit: withHistory(module.edit) } : module];
});
