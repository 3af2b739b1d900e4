import { FormControlLabel, Switch, Typography, Box } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { securityApi } from './api';
import { useSaving } from '../ui/useSaving';

/** On a role's edit page: whether its users must turn two-factor login on first. Saved at once, apart from the form. */
export const RoleTwoFactorSwitch = () => {
  const record = useRecordContext<{ id: string; requireTwoFactor?: boolean }>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { saving, save } = useSaving();
  const [value, setValue] = useState<boolean | undefined>(undefined);
  if (!record) return null;
  const checked = value ?? Boolean(record.requireTwoFactor);
  const change = (next: boolean) =>
    save(async () => {
      await securityApi.setRoleTwoFactor(record.id, next);
      setValue(next);
      notify('app.security.role_saved', { type: 'success' });
      refresh();
    });
  return (
    <Box sx={{ px: 2, pb: 2 }} className="RoleTwoFactor">
      <FormControlLabel
        control={<Switch checked={checked} disabled={saving} onChange={(e) => void change(e.target.checked)} />}
        label={translate('app.security.role_requires')}
      />
      <Typography variant="body2" color="text.secondary">
        {translate('app.security.role_requires_hint')}
      </Typography>
    </Box>
  );
};
