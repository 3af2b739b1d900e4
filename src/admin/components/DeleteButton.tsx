import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { Button, Confirm, useDeleteController, useRecordContext, useResourceContext } from 'react-admin';

/**
 * Delete after the product's question "Are you sure to delete ?" (No / Yes); waits for the server's answer. `content`
 * (a text key) says what else the delete does.
 */
export const DeleteButton = ({ content }: { content?: string }) => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const [open, setOpen] = useState(false);
  const { isPending, handleDelete } = useDeleteController({
    record,
    resource,
    mutationMode: 'pessimistic',
    redirect: false,
  });
  if (!record) return null;
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
