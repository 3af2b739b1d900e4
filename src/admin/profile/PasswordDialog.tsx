import { Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { PASSWORD_MIN } from '../../shared/limits';
import type { AppDataProvider } from '../providers/dataProvider';
import { FormDialog } from '../ui/FormDialog';
import { useSaving } from '../ui/useSaving';

const EMPTY = { current: '', next: '', repeat: '' };

/** "Change my password": the current one and the new one twice; the server checks the current one (400 if wrong). */
export const PasswordDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState(false);
  const { saving, save } = useSaving();
  const tooShort = values.next.length > 0 && values.next.length < PASSWORD_MIN;
  const mismatch = values.repeat.length > 0 && values.repeat !== values.next;
  const valid = values.current.length > 0 && values.next.length >= PASSWORD_MIN && values.repeat === values.next;

  const close = () => {
    setValues(EMPTY);
    setTouched(false);
    onClose();
  };
  const submit = async () => {
    setTouched(true);
    if (!valid) return;
    await save(async () => {
      await dataProvider.changePassword(values.current, values.next);
      notify('app.profile.changed', { type: 'success' });
      close();
    });
  };
  const field = (key: keyof typeof EMPTY, label: string, error?: string, autoComplete = 'new-password') => (
    <TextField
      type="password"
      name={key}
      label={translate(label)}
      value={values[key]}
      onChange={(e) => setValues({ ...values, [key]: e.target.value })}
      error={Boolean(error) || (touched && !values[key])}
      helperText={error ? translate(error, { min: PASSWORD_MIN }) : touched && !values[key] ? translate('ra.validation.required') : ' '}
      autoComplete={autoComplete}
      required
      fullWidth
    />
  );
  return (
    <FormDialog
      open={open}
      onClose={close}
      titleId="password-dialog-title"
      title={translate('app.profile.change_password')}
      onSave={submit}
      saveDisabled={saving}
      asForm
      maxWidth="xs"
    >
      <Stack spacing={1} sx={{ pt: 1 }}>
        {field('current', 'app.profile.current_password', undefined, 'current-password')}
        {field('next', 'app.profile.new_password', tooShort ? 'app.profile.too_short' : undefined)}
        {field('repeat', 'app.profile.repeat_password', mismatch ? 'app.profile.mismatch' : undefined)}
      </Stack>
    </FormDialog>
  );
};
