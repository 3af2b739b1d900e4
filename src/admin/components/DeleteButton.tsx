import DeleteIcon from '@mui/icons-material/Delete';
import { useEffect, useState, type ReactNode } from 'react';
import { Confirm, useDelete, useNotify, useRecordContext, useResourceContext, useUnselect, type Identifier } from 'react-admin';
import { DeletedNote, UNDO_MS } from './DeletedNote';
import { IfRowAccess } from './rowAccess';
import { RowButton } from './RowButton';

interface QuestionProps {
  open: boolean;
  content?: ReactNode;
  onClose: () => void;
  onPending: (pending: boolean) => void;
}

/** The question and the delete itself, mounted from the first click on (a list page draws none of them). */
const DeleteQuestion = ({ open, content, onClose, onPending }: QuestionProps) => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const notify = useNotify();
  const unselect = useUnselect(resource);
  // The mutation's own callbacks (not the call's): they run even when the row is gone by the time the answer comes.
  const [deleteOne, { isPending }] = useDelete(resource, undefined, {
    mutationMode: 'pessimistic',
    // The toast offers Undo for 10 s: the revert of this delete (`DeletedNote`).
    onSuccess: (_data: unknown, variables: { id?: Identifier }) => {
      if (variables.id === undefined) return;
      notify(<DeletedNote resource={resource} ids={[variables.id]} />, { type: 'info', autoHideDuration: UNDO_MS });
      unselect([variables.id], true);
    },
    onError: (error: unknown) => notify((error as Error)?.message || 'app.error.generic', { type: 'error' }),
  });
  const handleDelete = () => {
    if (record) void deleteOne(resource, { id: record.id, previousData: record });
  };
  useEffect(() => onPending(isPending), [isPending, onPending]);
  return (
    <Confirm
      isOpen={open}
      loading={isPending}
      title="app.delete.confirm"
      content={content ?? null}
      confirm="app.delete.yes"
      cancel="app.delete.no"
      onConfirm={() => {
        handleDelete();
        onClose();
      }}
      onClose={onClose}
    />
  );
};

const RowDelete = ({ content }: { content?: ReactNode }) => {
  const record = useRecordContext();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const [pending, setPending] = useState(false);
  if (!record) return null;
  return (
    <>
      <RowButton
        label="ra.action.delete"
        color="error"
        icon={<DeleteIcon />}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
        disabled={pending}
      />
      {asked && <DeleteQuestion open={open} content={content} onClose={() => setOpen(false)} onPending={setPending} />}
    </>
  );
};

/**
 * Delete after the product's question "Are you sure to delete ?" (No / Yes); waits for the server's answer. Like
 * react-admin's own buttons it is not shown to a user without `<resource>.delete` (asked once per list inside the
 * kit's table, `RowAccessProvider`). `content` (a text key, or an element drawn only while the question is open) says
 * what else the delete does.
 */
export const DeleteButton = ({ content }: { content?: ReactNode }) => (
  <IfRowAccess action="delete">
    <RowDelete content={content} />
  </IfRowAccess>
);
