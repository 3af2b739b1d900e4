import { Alert, AlertTitle, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormat } from '../components/formats';
import type { SecondFactorLock } from './api';

/**
 * The account's latest lock of the authenticator's codes (server: repos/second-factor-lock.ts), on the owner's
 * Security page: while on, who tried from where, until when, and how to get back in; once lifted or over, what
 * happened, so the owner knows the password is known to someone.
 */
export const SecondFactorLockNotice = ({ lock }: { lock: SecondFactorLock }) => {
  const translate = useTranslate();
  const format = useFormat();
  const addresses = lock.addresses.join(', ');
  if (lock.active) {
    return (
      <Alert severity="error" className="SecondFactorLock SecondFactorLock-active" role="alert">
        <AlertTitle>{translate('app.security.lock_active_title')}</AlertTitle>
        <Typography variant="body2" gutterBottom>
          {translate('app.security.lock_active', { count: lock.failures, addresses, until: format.dateTime(lock.until) })}
        </Typography>
        <Typography variant="body2">{translate('app.security.lock_way_in')}</Typography>
      </Alert>
    );
  }
  const how = lock.liftedBy === 'reset' ? 'app.security.lock_lifted_reset' : 'app.security.lock_lifted_recovery';
  return (
    <Alert severity="warning" className="SecondFactorLock SecondFactorLock-lifted">
      <AlertTitle>{translate('app.security.lock_lifted_title', { when: format.dateTime(lock.lockedAt) })}</AlertTitle>
      <Typography variant="body2">
        {lock.liftedAt
          ? translate('app.security.lock_lifted', { count: lock.failures, addresses, how: translate(how), lifted: format.dateTime(lock.liftedAt) })
          : translate('app.security.lock_ended', { until: format.dateTime(lock.until) })}
      </Typography>
    </Alert>
  );
};
