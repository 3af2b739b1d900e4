import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { PASSWORD_MIN } from '../../shared/limits';
import type { AppDataProvider } from '../providers/dataProvider';

const EMPTY = { current: '', next: '', repeat: '' };

/** "Change my password": the current one and the new one twice; the server checks the current one (400 if wrong). */
export const PasswordDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const tooShort = values.next.length > 0 && values.next.length < PASSWORD_MIN;
  const mismatch = values.repeat.length > 0 && values.repeat !== values.next;
  const valid = values.current.length > 0 && values.next.length >= PASSWORD_MIN && values.repeat === values.next;

  const close = () => {
    setValues(EMPTY);
    setTouched(false);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!valid) return;
    setSaving(true);
    try {
      await dataProvider.changePassword(values.current, values.next);
      notify('app.profile.changed', { type: 'success' });
      close();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'app.error.generic', { type: 'error' });
    } finally {
      setSaving(false);
    }
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
    <Dialog open={open} onClose={close} aria-labelledby="password-dialog-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="password-dialog-title">{translate('app.profile.change_password')}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            {field('current', 'app.profile.current_password', undefined, 'current-password')}
            {field('next', 'app.profile.new_password', tooShort ? 'app.profile.too_short' : undefined)}
            {field('repeat', 'app.profile.repeat_password', mismatch ? 'app.profile.mismatch' : undefined)}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
