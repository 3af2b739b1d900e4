import { Button, Dialog, DialogActions, DialogContent, DialogTitle, type Breakpoint } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The title's element id, which names the dialog for screen readers. */
  titleId: string;
  title: ReactNode;
  onSave: () => void;
  saveDisabled?: boolean;
  /** A <form>: Enter in a field saves, as the Save button does. Otherwise only the button saves. */
  asForm?: boolean;
  maxWidth?: Breakpoint;
  children: ReactNode;
}

/** The panel's Cancel/Save dialog: a title, its fields, and the two buttons, laid out the same everywhere. */
export const FormDialog = ({ open, onClose, titleId, title, onSave, saveDisabled, asForm, maxWidth, children }: Props) => {
  const translate = useTranslate();
  const body = (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button type={asForm ? 'submit' : 'button'} variant="contained" onClick={asForm ? undefined : onSave} disabled={saveDisabled}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </>
  );
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth={Boolean(maxWidth)} maxWidth={maxWidth}>
      {asForm ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSave();
          }}
        >
          {body}
        </form>
      ) : (
        body
      )}
    </Dialog>
  );
};
