import { Box, Button, Card, CardContent, CircularProgress } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useAuthProvider, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { prefetchPanelWhenIdle, startPanelCalls } from '../panelChunk';
import type { AppDataProvider } from '../providers/dataProvider';
import { session } from '../providers/session';
import { TWO_FACTOR_SETUP_PATH, TwoFactorRequired } from '../providers/authProvider';
import { JUST_LOGGED_IN } from '../security/flags';
import { LoginField } from './LoginField';
import { Logo } from './Logo';
import { PasswordField } from './PasswordField';

/** `/`: the login form, or straight on to the panel when a token is stored. */
export const LoginGate = () => (session.hasToken() ? <Navigate to="/dashboart" replace /> : <LoginPage />);

/** Inside the panel react-admin sends unauthenticated visitors to its login route; ours lives at `/`. */
export const RedirectToLogin = () => <Navigate to="/" replace />;

const LoginPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  /** Shown once the server said the account has two-factor login on. */
  const [code, setCode] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  useEffect(prefetchPanelWhenIdle, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!authProvider || submitting) return;
    setSubmitting(true);
    try {
      const { twoFactorSetupRequired } = (await authProvider.login({ username, password, code: code ?? undefined })) as { twoFactorSetupRequired: boolean };
      queryClient.clear();
      sessionStorage.setItem(JUST_LOGGED_IN, '1');
      if (twoFactorSetupRequired) {
        navigate(TWO_FACTOR_SETUP_PATH, { replace: true });
        return;
      }
      startPanelCalls(queryClient, dataProvider);
      // The original waited a second (spec §9) before leaving; the toast stays up over the panel instead, so the
      // panel is not kept waiting (docs/decisions.md, "Login to home").
      notify('app.login.success', { type: 'success' });
      navigate('/dashboart', { replace: true });
    } catch (error) {
      if (error instanceof TwoFactorRequired) setCode((was) => was ?? '');
      const message = error instanceof Error && error.message ? error.message : 'app.login.failure';
      notify(message, { type: 'error' });
      setSubmitting(false);
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Card sx={{ width: '100%', maxWidth: 450 }} component="form" onSubmit={submit} noValidate>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 4 }}>
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <Logo size="large" />
          </Box>
          <LoginField
            label={translate('app.login.username')}
            placeholder={translate('app.login.username_placeholder')}
            name="username"
            autoComplete="username"
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            disabled={submitting}
          />
          <PasswordField
            label={translate('app.login.password')}
            placeholder={translate('app.login.password_placeholder')}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={submitting}
          />
          {code !== null && (
            <LoginField
              label={translate('app.login.code')}
              placeholder={translate('app.login.code_placeholder')}
              name="code"
              autoComplete="one-time-code"
              autoFocus
              value={code}
              onChange={(e) => setCode(e.target.value)}
              disabled={submitting}
            />
          )}
          <Button type="submit" variant="contained" size="large" disabled={submitting}>
            {submitting ? <CircularProgress size={24} color="inherit" /> : translate('app.login.submit')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
};
