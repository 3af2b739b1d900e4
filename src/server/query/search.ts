/** The registry owns which fields `q` searches; a list spec turns those names into its SQL expressions. */
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { ResourceDef } from '../../shared/resources';
import type { SearchExpr } from './list';

/**
 * The expressions of the registry's `search` fields, taken from the list's own fields or from `extra` (a searched
 * field that is not sortable, e.g. every definition of a translation). A name with neither fails at start-up.
 */
export function registrySearch(
  def: Pick<ResourceDef, 'key' | 'search'>,
  fields: Record<string, AnyColumn | SQL>,
  extra: Record<string, SearchExpr> = {},
): SearchExpr[] {
  return def.search.map((name) => {
    const expr = Object.hasOwn(extra, name) ? extra[name] : Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (!expr) throw new Error(`${def.key}: the registry searches "${name}" but the list has no such field`);
    return expr;
  });
}
