import { BulkDeleteButton, useCanAccess, useListContext, useNotify, useResourceContext } from 'react-admin';
import { DeletedNote, UNDO_MS } from './DeletedNote';

/** Deletes the selected rows; the toast offers Undo for 10 s (each row's delete reverted, `DeletedNote`). */
const BulkDelete = ({ resource }: { resource: string }) => {
  const notify = useNotify();
  const { selectedIds, onUnselectItems } = useListContext();
  const ids = [...selectedIds];
  return (
    <BulkDeleteButton
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: () => {
          notify(<DeletedNote resource={resource} ids={ids} bulk />, { type: 'info', autoHideDuration: UNDO_MS });
          onUnselectItems(true);
        },
      }}
    />
  );
};

/**
 * A list's bulk actions: delete the selected rows after a confirmation, waiting for the server (its bulk call is all
 * or nothing, and a 409 names the blocking record). Without `<resource>.delete` there are no checkboxes at all.
 */
export function useBulkDelete() {
  const resource = useResourceContext();
  const { canAccess } = useCanAccess({ resource, action: 'delete' });
  return canAccess && resource ? <BulkDelete resource={resource} /> : false;
}
