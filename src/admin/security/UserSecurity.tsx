import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { securityApi } from './api';
import { SessionsTable } from './SessionsTable';

/** Under a user's edit form (holders of `user.edit`): their sessions, and a reset of their two-factor login. */
export const UserSecurity = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  if (!record?.id) return null;
  const userId = String(record.id);
  const reset = async () => {
    setConfirming(false);
    try {
      await securityApi.resetTwoFactor(userId);
      notify('app.security.reset_done', { type: 'success' });
    } catch (e) {
      notify(e instanceof Error ? e.message : 'app.error.generic', { type: 'error' });
    }
  };
  return (
    <Card sx={{ mt: 2 }} className="UserSecurity">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.security.sessions')}
        </Typography>
        <SessionsTable
          queryKey={['user-sessions', userId]}
          load={() => securityApi.userSessions(userId)}
          end={(id) => securityApi.endUserSession(userId, id)}
          endAll={() => securityApi.endUserSessions(userId)}
          endAllLabel={translate('app.security.end_all')}
          own={false}
        />
        <Typography variant="h6" component="h2" sx={{ mt: 3 }} gutterBottom>
          {translate('app.security.two_factor')}
        </Typography>
        <Box>
          <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
            {translate('app.security.reset')}
          </Button>
        </Box>
        <Confirm
          isOpen={confirming}
          title="app.security.reset"
          content="app.security.reset_confirm"
          onConfirm={() => void reset()}
          onClose={() => setConfirming(false)}
        />
      </CardContent>
    </Card>
  );
};
