import { BulkDeleteButton, useCanAccess, useResourceContext } from 'react-admin';

/**
 * A list's bulk actions: delete the selected rows after a confirmation, waiting for the server (its bulk call is all
 * or nothing, and a 409 names the blocking record). Without `<resource>.delete` there are no checkboxes at all.
 */
export function useBulkDelete() {
  const resource = useResourceContext();
  const { canAccess } = useCanAccess({ resource, action: 'delete' });
  return canAccess ? <BulkDeleteButton mutationMode="pessimistic" /> : false;
}
