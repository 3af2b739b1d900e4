import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { Button, Confirm, useCanAccess, useDeleteMany, useListContext, useNotify, useRefresh, useResourceContext, useTranslate, type Identifier } from 'react-admin';
import { DeletedNote, UNDO_MS } from './DeletedNote';

/**
 * Deletes the selected rows after react-admin's own question, waiting for the server; the toast offers Undo for 10 s
 * (each row's delete reverted, `DeletedNote`). The toast is raised by the mutation's own callback, which runs even
 * though the bulk toolbar is gone by then (the rows left the list).
 */
const BulkDelete = ({ resource }: { resource: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { selectedIds, onUnselectItems } = useListContext();
  const [open, setOpen] = useState(false);
  const [deleteMany, { isPending }] = useDeleteMany(resource, undefined, {
    mutationMode: 'pessimistic',
    onSuccess: (_data: unknown, variables: { ids?: Identifier[] }) => {
      notify(<DeletedNote resource={resource} ids={variables.ids ?? []} bulk />, { type: 'info', autoHideDuration: UNDO_MS });
      onUnselectItems(true);
    },
    onError: (error: unknown) => {
      notify((error as Error)?.message || 'app.error.generic', { type: 'error' });
      refresh();
    },
    onSettled: () => setOpen(false),
  });
  const count = selectedIds.length;
  const name = translate(`resources.${resource}.name`, { smart_count: count, _: resource });
  return (
    <>
      <Button label="ra.action.delete" color="error" onClick={() => setOpen(true)}>
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="ra.message.bulk_delete_title"
        content="ra.message.bulk_delete_content"
        titleTranslateOptions={{ smart_count: count, name }}
        contentTranslateOptions={{ smart_count: count, name }}
        onConfirm={() => deleteMany(resource, { ids: selectedIds })}
        onClose={() => setOpen(false)}
      />
    </>
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
