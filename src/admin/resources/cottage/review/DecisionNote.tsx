import { Alert, Button } from '@mui/material';
import { useEffect } from 'react';
import { useCloseNotification, useTranslate, type Identifier } from 'react-admin';

const T = 'resources.cottage.review';

/** Closes the toast on screen now, if any: a decision's toast is shown at once, not after the previous one's 10 s. */
let closeShown: (() => void) | null = null;
export const closeDecisionNote = () => closeShown?.();

/** The toast after a decision: what was decided, with Undo (the toast stays 10 s, like the delete toasts). */
export const DecisionNote = ({ last, onUndo }: { last: { id: Identifier; name: string; decision: 'confirmed' | 'rejected' }; onUndo(): void }) => {
  const translate = useTranslate();
  const close = useCloseNotification();
  useEffect(() => {
    closeShown = close;
    return () => {
      if (closeShown === close) closeShown = null;
    };
  }, [close]);
  return (
    <Alert
      severity={last.decision === 'confirmed' ? 'success' : 'info'}
      variant="filled"
      data-testid="decision-note"
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() => {
            close();
            onUndo();
          }}
        >
          {translate(`${T}.undo`)}
        </Button>
      }
    >
      {translate(`${T}.${last.decision === 'confirmed' ? 'approved' : 'rejected'}`, { name: last.name })}
    </Alert>
  );
};
