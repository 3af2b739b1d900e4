import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { securityApi } from './api';

/** Turning two-factor login off: the password and a current (or recovery) code. */
export const DisableTwoFactorDialog = ({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const [busy, setBusy] = useState(false);
  const close = () => {
    setPassword('');
    setCode('');
    setErrors({});
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = { password: password ? undefined : 'ra.validation.required', code: code.trim() ? undefined : 'ra.validation.required' };
    if (missing.password || missing.code) return setErrors(missing);
    setBusy(true);
    try {
      await securityApi.disable(password, code);
      notify('app.security.disabled', { type: 'success' });
      close();
      onDone();
    } catch (e) {
      const fields = (e as { body?: { fields?: Record<string, string> } }).body?.fields ?? {};
      if (fields.password) setErrors({ password: 'app.security.password_wrong' });
      // The server's own words (in the panel's language): wrong, or locked after too many wrong codes.
      else if (fields.code) setErrors({ code: fields.code });
      else notify(e instanceof Error ? e.message : 'app.error.generic', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="disable-2fa-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="disable-2fa-title">{translate('app.security.disable')}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <TextField
              type="password"
              name="password"
              label={translate('app.profile.current_password')}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={Boolean(errors.password)}
              helperText={errors.password ? translate(errors.password) : ' '}
              autoComplete="current-password"
              fullWidth
            />
            <TextField
              name="code"
              label={translate('app.security.code_or_recovery')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={Boolean(errors.code)}
              helperText={errors.code ? translate(errors.code) : ' '}
              autoComplete="one-time-code"
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" color="error" disabled={busy}>
            {translate('app.security.disable')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
