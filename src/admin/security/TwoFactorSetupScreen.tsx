import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router-dom';
import { useAuthProvider, useTranslate } from 'react-admin';
import { Logo } from '../ui/Logo';
import { session } from '../providers/session';
import { forgetMe } from '../providers/authProvider';
import { TwoFactorSetup } from './TwoFactorSetup';

/**
 * `/two-factor`: the only screen of a user whose role requires two-factor login until it is on (the API answers 403
 * `twoFactorSetupRequired` to everything else). Set up, or log out.
 *
 * @public App.tsx takes it from `Promise.all([import('./security/TwoFactorSetupScreen'), …])`, which knip does not follow.
 */
export const TwoFactorSetupScreen = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  if (!session.hasToken()) return <Navigate to="/" replace />;
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Card sx={{ width: '100%', maxWidth: 640 }}>
        <CardContent sx={{ p: 4 }}>
          <Stack spacing={2}>
            <Box sx={{ display: 'flex', justifyContent: 'center' }}>
              <Logo size="large" />
            </Box>
            <Typography variant="h5" component="h1">
              {translate('app.security.setup_title')}
            </Typography>
            <Alert severity="warning">{translate('app.security.required_by_role')}</Alert>
            <TwoFactorSetup
              onEnabled={() => {
                forgetMe();
                queryClient.clear();
                navigate('/dashboart', { replace: true });
              }}
            />
            <Box>
              <Button
                onClick={() => {
                  void authProvider?.logout({}).finally(() => navigate('/', { replace: true }));
                }}
              >
                {translate('ra.auth.logout')}
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
};
