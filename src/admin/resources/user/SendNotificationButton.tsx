import SendIcon from '@mui/icons-material/Send';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { RowButton } from '../../components/RowButton';
import {
  Button,
  Form,
  SaveButton,
  TextInput,
  maxLength,
  required,
  useCanAccess,
  useCreate,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';

/**
 * A personal notification for this user: a dialog with a required message, then `POST notification/add {message,
 * type: "personal", userId}`. Shown only with `notification.create`; a refusal shows as an error with its message.
 */
export const SendNotificationButton = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const { canAccess } = useCanAccess({ resource: 'notification', action: 'create' });
  const [create, { isPending }] = useCreate();
  if (!record || !canAccess) return null;
  const titleId = `send-notification-${record.id}`;
  const send = (values: Record<string, unknown>) =>
    create(
      'notification',
      { data: { message: values.message, type: 'personal', userId: record.id } },
      {
        onSuccess: () => {
          notify('resources.user.notify.sent', { type: 'success' });
          setOpen(false);
        },
        onError: (e) => notify(e instanceof Error ? e.message : 'app.error.generic', { type: 'error' }),
      },
    );
  return (
    <>
      <RowButton label="resources.user.notify.button" color="primary" icon={<SendIcon />} onClick={() => setOpen(true)} />
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <Form onSubmit={send} record={{}}>
          <DialogTitle id={titleId}>{translate('resources.user.notify.title')}</DialogTitle>
          <DialogContent>
            <TextInput
              source="message"
              label="resources.user.fields.message"
              multiline
              minRows={4}
              fullWidth
              validate={[required(), maxLength(2000)]}
              placeholder={translate('resources.user.notify.placeholder')}
            />
          </DialogContent>
          <DialogActions>
            <Button label="ra.action.cancel" onClick={() => setOpen(false)} />
            <SaveButton label="resources.user.notify.send" icon={<SendIcon />} alwaysEnable disabled={isPending} />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
};
