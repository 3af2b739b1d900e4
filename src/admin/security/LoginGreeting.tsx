import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetIdentity, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { useFormat } from '../components/formats';
import { deviceLabel, securityApi } from './api';
import { JUST_LOGGED_IN, twoFactorOfferedKey } from './flags';
import { SECURITY_KEY } from './SecuritySection';

/**
 * Right after a login, once: "Last login: 24 Nov 2026, 18:04, Chrome on Windows", and — the first time for an account
 * without two-factor login — an offer to turn it on (to Profile). Remembered per user in this browser. It goes with
 * its close button, "Not now", or the first navigation.
 *
 * A notice at the top of the page, in its flow, not a toast: a toast floats over whatever lies beneath it, and at the
 * bottom right it covered the Save of a form on a phone and the actions under it on a laptop (#34). Nor does it hide
 * by itself, which would move the page under the pointer.
 */
export const LoginGreeting = () => {
  const translate = useTranslate();
  const format = useFormat();
  const navigate = useNavigate();
  const [fresh] = useState(() => {
    const set = sessionStorage.getItem(JUST_LOGGED_IN) === '1';
    sessionStorage.removeItem(JUST_LOGGED_IN);
    return set;
  });
  const [open, setOpen] = useState(true);
  // It belongs to the first screen after the login: it goes with the first navigation, and never covers the next page.
  const { pathname } = useLocation();
  const [firstPath] = useState(pathname);
  const { identity } = useGetIdentity();
  const { data } = useQuery({ queryKey: SECURITY_KEY, queryFn: securityApi.security, enabled: fresh });
  const [offer] = useState(() => ({ decided: false, show: false }));
  if (!fresh || !data || !identity || !open || pathname !== firstPath) return null;
  if (!offer.decided) {
    const key = twoFactorOfferedKey(String(identity.id));
    offer.show = !data.twoFactorEnabled && !localStorage.getItem(key);
    offer.decided = true;
    if (offer.show) localStorage.setItem(key, new Date().toISOString());
  }
  const last = data.lastLogin;
  const close = () => setOpen(false);
  return (
    <Alert severity={offer.show ? 'warning' : 'info'} onClose={close} closeText={translate('ra.action.close')} className="LoginGreeting" role="status" sx={{ mt: 1, mb: 1 }}>
      {last ? (
        <AlertTitle>{translate('app.security.last_login', { when: format.dateTime(last.at), device: deviceLabel(translate, last) })}</AlertTitle>
      ) : (
        <AlertTitle>{translate('app.security.first_login')}</AlertTitle>
      )}
      {offer.show && (
        <Stack spacing={1}>
          <span>{translate('app.security.offer')}</span>
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              variant="contained"
              onClick={() => {
                close();
                navigate('/dashboart/profile');
              }}
            >
              {translate('app.security.enable')}
            </Button>
            <Button size="small" onClick={close}>
              {translate('app.security.not_now')}
            </Button>
          </Stack>
        </Stack>
      )}
    </Alert>
  );
};
