import { Alert, Box, Button, Chip, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { securityApi } from './api';
import { DisableTwoFactorDialog } from './DisableTwoFactorDialog';
import { NewRecoveryCodesDialog } from './NewRecoveryCodesDialog';
import { SecondFactorLockNotice } from './SecondFactorLockNotice';
import { SessionsTable } from './SessionsTable';
import { TwoFactorSetup } from './TwoFactorSetup';

export const SECURITY_KEY = ['auth/security'];
const OWN_SESSIONS_KEY = ['auth/sessions'];

/** The Profile page's "Security": two-factor login (on, off, set up) and the caller's sessions. */
export const SecuritySection = ({ onChangePassword }: { onChangePassword: () => void }) => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useQuery({ queryKey: SECURITY_KEY, queryFn: securityApi.security });
  const [settingUp, setSettingUp] = useState(false);
  const [disabling, setDisabling] = useState(false);
  const [renewing, setRenewing] = useState(false);
  const reload = () => void queryClient.invalidateQueries({ queryKey: SECURITY_KEY });

  return (
    <Box component="section" aria-labelledby="security-title" className="SecuritySection" sx={{ mt: 4 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="h5" component="h2" id="security-title" gutterBottom>
        {translate('app.security.title')}
      </Typography>
      <Typography variant="h6" component="h3" gutterBottom>
        {translate('app.security.two_factor')}
      </Typography>
      {isPending && <CircularProgress size={24} aria-label={translate('ra.page.loading')} />}
      {isError && <Alert severity="error">{translate('app.error.generic')}</Alert>}
      {data && (
        <Stack spacing={2} sx={{ mb: 3 }}>
          {data.secondFactorLock && <SecondFactorLockNotice lock={data.secondFactorLock} />}
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              className="SecuritySection-status"
              color={data.twoFactorEnabled ? 'success' : 'default'}
              label={translate(data.twoFactorEnabled ? 'app.security.on' : 'app.security.off')}
            />
            {data.twoFactorEnabled && (
              <Typography variant="body2" color="text.secondary">
                {translate('app.security.recovery_left', { count: data.recoveryCodesLeft })}
              </Typography>
            )}
          </Box>
          {!data.twoFactorEnabled && data.twoFactorRequired && <Alert severity="warning">{translate('app.security.required_by_role')}</Alert>}
          {!data.twoFactorEnabled && !settingUp && <Typography color="text.secondary">{translate('app.security.why')}</Typography>}
          {settingUp ? (
            // Kept up after the server turned it on: the recovery codes are shown once, while the status above says "on".
            <TwoFactorSetup onTurnedOn={reload} onEnabled={() => setSettingUp(false)} onCancel={() => setSettingUp(false)} />
          ) : (
            !data.twoFactorEnabled && (
              <Box>
                <Button variant="contained" onClick={() => setSettingUp(true)}>
                  {translate('app.security.enable')}
                </Button>
              </Box>
            )
          )}
          {data.twoFactorEnabled && !settingUp && (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button variant="outlined" onClick={() => setRenewing(true)}>
                {translate('app.security.new_recovery')}
              </Button>
              <Button variant="outlined" color="error" onClick={() => setDisabling(true)}>
                {translate('app.security.disable')}
              </Button>
            </Box>
          )}
        </Stack>
      )}
      <Typography variant="h6" component="h3" gutterBottom>
        {translate('app.profile.password')}
      </Typography>
      <Button sx={{ mb: 3 }} variant="outlined" onClick={onChangePassword}>
        {translate('app.profile.change_password')}
      </Button>
      <Typography variant="h6" component="h3" gutterBottom>
        {translate('app.security.sessions')}
      </Typography>
      <SessionsTable
        queryKey={OWN_SESSIONS_KEY}
        load={securityApi.sessions}
        end={securityApi.endSession}
        endAll={securityApi.endOtherSessions}
        endAllLabel={translate('app.security.end_others')}
        own
      />
      <DisableTwoFactorDialog open={disabling} onClose={() => setDisabling(false)} onDone={reload} />
      <NewRecoveryCodesDialog open={renewing} onClose={() => setRenewing(false)} onDone={reload} />
    </Box>
  );
};
