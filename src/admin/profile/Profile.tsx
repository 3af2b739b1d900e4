import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { useFormat } from '../components/formats';
import { useTabTitle } from '../ui/useTabTitle';
import { forgetMe, loadMe } from '../providers/authProvider';
import { imageUrl } from '../providers/imageUrl';
import { PasswordDialog } from './PasswordDialog';
import { ProfileEditDialog } from './ProfileEditDialog';
import { SecuritySection } from '../security/SecuritySection';
import { ApiKeysSection } from './ApiKeysSection';

const Line = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box component="div" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', py: 0.75 }}>
    <Typography component="span" sx={{ fontWeight: 600 }}>{label} :</Typography>
    {children}
  </Box>
);

/** `/profile`, open to any logged-in user: who they are, their roles and balance; edit name/photo, change the password. */
export const Profile = () => {
  const translate = useTranslate();
  const format = useFormat();
  useTabTitle('app.profile.title');
  const queryClient = useQueryClient();
  const { refetch: refetchIdentity } = useGetIdentity();
  const { data: me, isPending, isError } = useQuery({ queryKey: ['user/me'], queryFn: loadMe });
  const [editing, setEditing] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);

  const reload = async () => {
    forgetMe();
    await queryClient.invalidateQueries({ queryKey: ['user/me'] });
    await refetchIdentity();
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('app.profile.title')} />
      <CardContent>
        <Typography variant="h4" component="h1" gutterBottom>
          {translate('app.profile.title')}
        </Typography>
        {isPending && <CircularProgress aria-label={translate('ra.page.loading')} />}
        {isError && <Alert severity="error">{translate('app.error.generic')}</Alert>}
        {me && (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} sx={{ alignItems: { md: 'flex-start' } }}>
            {me.image ? (
              <Box
                component="img"
                src={imageUrl(me.image)}
                alt={translate('app.profile.photo', { name: me.name || me.username })}
                sx={{ width: 300, height: 300, borderRadius: '50%', objectFit: 'cover', maxWidth: '100%' }}
              />
            ) : (
              <AccountCircleIcon sx={{ fontSize: 300, color: 'text.secondary' }} aria-hidden />
            )}
            <Box className="Profile-details">
              <Line label={translate('app.profile.name')}>{me.name || '—'}</Line>
              <Line label={translate('app.profile.email')}>{me.email || '—'}</Line>
              <Line label={translate('app.profile.username')}>{me.username}</Line>
              <Line label={translate('app.profile.password')}>
                <span aria-label={translate('app.profile.password_masked')}>••••••••</span>
              </Line>
              <Line label={translate('app.profile.roles')}>
                {(me.roles ?? []).map(({ role }) => (
                  <Chip key={role.id} label={role.name} size="small" />
                ))}
              </Line>
              <Line label={translate('app.profile.balance')}>
                <span className="Profile-balance">{format.price(me.balance ?? 0)}</span>
              </Line>
              <Button variant="contained" sx={{ mt: 2 }} onClick={() => setEditing(true)}>
                {translate('app.profile.edit')}
              </Button>
            </Box>
          </Stack>
        )}
        {me && <SecuritySection onChangePassword={() => setChangingPassword(true)} />}
        {me && <ApiKeysSection permissions={me.permissions ?? []} />}
      </CardContent>
      {me && editing && <ProfileEditDialog me={me} open onClose={() => setEditing(false)} onSaved={() => void reload()} />}
      <PasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </Card>
  );
};
