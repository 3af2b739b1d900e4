import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { securityApi } from './api';
import { RecoveryCodes } from './TwoFactorSetup';

/** Ten new recovery codes in place of the old ones: the current password first (asked again whatever the session's age). */
export const NewRecoveryCodesDialog = ({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const close = () => {
    setPassword('');
    setError(null);
    setCodes(null);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError('app.security.password_required');
    setBusy(true);
    try {
      setCodes(await securityApi.newRecoveryCodes(password));
      setPassword('');
      setError(null);
      onDone();
    } catch (e) {
      const { status, body } = e as { status?: number; body?: { fields?: Record<string, string> } };
      if (status === 400 && body?.fields?.password) setError('app.security.password_wrong');
      else notify(e instanceof Error ? e.message : 'app.error.generic', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={codes ? undefined : close} aria-labelledby="new-recovery-title" fullWidth maxWidth="sm">
      <DialogTitle id="new-recovery-title">{translate('app.security.new_recovery')}</DialogTitle>
      {codes ? (
        <DialogContent>
          <RecoveryCodes codes={codes} onDone={close} />
        </DialogContent>
      ) : (
        <form onSubmit={submit} noValidate>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{translate('app.security.new_recovery_hint')}</DialogContentText>
            <TextField
              type="password"
              name="password"
              label={translate('app.profile.current_password')}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={Boolean(error)}
              helperText={error ? translate(error) : ' '}
              autoComplete="current-password"
              fullWidth
              autoFocus
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{translate('ra.action.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {translate('app.security.new_recovery_make')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
};
