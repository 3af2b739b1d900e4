import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import qrcode from 'qrcode-generator';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { securityApi } from './api';

/** The QR code of an `otpauth://` URL, as an SVG image (no canvas, no network). */
const QrCode = ({ text, label }: { text: string; label: string }) => {
  const src = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(text);
    qr.make();
    return `data:image/svg+xml;utf8,${encodeURIComponent(qr.createSvgTag({ cellSize: 4, margin: 2, scalable: true }))}`;
  }, [text]);
  return <Box component="img" src={src} alt={label} sx={{ width: 200, height: 200, bgcolor: '#fff', p: 1, borderRadius: 1 }} />;
};

/** The ten recovery codes, shown once, with a button to confirm they were saved. */
export const RecoveryCodes = ({ codes, onDone }: { codes: string[]; onDone: () => void }) => {
  const translate = useTranslate();
  return (
    <Stack spacing={1.5} className="RecoveryCodes">
      <Alert severity="warning">{translate('app.security.recovery_once')}</Alert>
      <Box
        component="ol"
        aria-label={translate('app.security.recovery_codes')}
        sx={{ fontFamily: 'monospace', fontSize: 16, columns: 2, m: 0, pl: 3, userSelect: 'all' }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box>
        <Button variant="contained" onClick={onDone}>
          {translate('app.security.recovery_saved')}
        </Button>
      </Box>
    </Stack>
  );
};

/**
 * Turning two-factor login on: a new secret as a QR code and as text, a code from the app to prove it works, then the
 * recovery codes (once). `onTurnedOn` runs as soon as the server turned it on (the page's status follows at once);
 * `onEnabled` after the codes were confirmed.
 */
export const TwoFactorSetup = ({ onEnabled, onTurnedOn, onCancel }: { onEnabled: () => void; onTurnedOn?: () => void; onCancel?: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [setup, setSetup] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  const start = async () => {
    setBusy(true);
    try {
      setSetup(await securityApi.setup());
    } catch (e) {
      notify(e instanceof Error ? e.message : 'app.error.generic', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPasswordError(password ? null : 'app.security.password_required');
    setError(code.trim() ? null : 'app.security.code_required');
    if (!password || !code.trim()) return;
    setBusy(true);
    try {
      setCodes(await securityApi.enable(password, code));
      setError(null);
      onTurnedOn?.();
    } catch (e) {
      const { status, body } = e as { status?: number; body?: { fields?: Record<string, string> } };
      // Turning it on asks for the current password again, whatever the session's age (a stolen token cannot).
      if (status === 400 && body?.fields?.password) setPasswordError('app.security.password_wrong');
      else setError(status === 400 ? 'app.security.code_wrong' : e instanceof Error ? e.message : 'app.error.generic');
    } finally {
      setBusy(false);
    }
  };

  // The setup starts as the component appears (one new secret, even when React runs the effect twice in development).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (codes) return <RecoveryCodes codes={codes} onDone={onEnabled} />;
  if (!setup) {
    return (
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={() => void start()} disabled={busy}>
          {translate(busy ? 'ra.page.loading' : 'app.security.enable')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>}
      </Stack>
    );
  }
  return (
    <Stack spacing={2} component="form" onSubmit={submit} noValidate className="TwoFactorSetup">
      <Typography>{translate('app.security.scan')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
        <QrCode text={setup.otpauthUrl} label={translate('app.security.qr')} />
        <Box>
          <Typography variant="body2" color="text.secondary">
            {translate('app.security.secret_text')}
          </Typography>
          <Typography className="TwoFactorSetup-secret" sx={{ fontFamily: 'monospace', fontSize: 18, wordBreak: 'break-all', userSelect: 'all' }}>
            {setup.secret.replace(/(.{4})(?=.)/g, '$1 ')}
          </Typography>
        </Box>
      </Stack>
      <TextField
        type="password"
        name="password"
        label={translate('app.profile.current_password')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={Boolean(passwordError)}
        helperText={translate(passwordError ?? 'app.security.password_for_enable')}
        autoComplete="current-password"
        sx={{ maxWidth: 360 }}
      />
      <TextField
        name="code"
        label={translate('app.security.code')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={Boolean(error)}
        helperText={error ? translate(error) : translate('app.security.code_hint')}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
        sx={{ maxWidth: 260 }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={busy}>
          {translate('app.security.confirm_enable')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>}
      </Stack>
    </Stack>
  );
};
