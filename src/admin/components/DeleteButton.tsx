import DeleteIcon from '@mui/icons-material/Delete';
import { useState, type ReactNode } from 'react';
import { Button, Confirm, useCanAccess, useDeleteController, useRecordContext, useResourceContext } from 'react-admin';

/**
 * Delete after the product's question "Are you sure to delete ?" (No / Yes); waits for the server's answer. Like
 * react-admin's own buttons it is not shown to a user without `<resource>.delete`. `content` (a text key, or an
 * element drawn only while the question is open) says what else the delete does.
 */
export const DeleteButton = ({ content }: { content?: ReactNode }) => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const [open, setOpen] = useState(false);
  const { isPending, handleDelete } = useDeleteController({
    record,
    resource,
    mutationMode: 'pessimistic',
    redirect: false,
  });
  const { canAccess, isPending: checking } = useCanAccess({ action: 'delete', resource, record });
  if (!record || checking || !canAccess) return null;
  return (
    <>
      <Button label="ra.action.delete" color="error" onClick={() => setOpen(true)} disabled={isPending}>
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="app.delete.confirm"
        content={content ?? null}
        confirm="app.delete.yes"
        cancel="app.delete.no"
        onConfirm={() => {
          handleDelete();
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
