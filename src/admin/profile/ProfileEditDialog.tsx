import { Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { Me } from '../providers/apiExtras';
import type { AppDataProvider } from '../providers/dataProvider';
import { FormDialog } from '../ui/FormDialog';
import { useSaving } from '../ui/useSaving';

const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** The user's own name, e-mail and photo (`PATCH user/me`); `onSaved` gets the profile as it is now. */
export const ProfileEditDialog = ({ me, open, onClose, onSaved }: { me: Me; open: boolean; onClose: () => void; onSaved: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [name, setName] = useState(me.name ?? '');
  const [email, setEmail] = useState(me.email ?? '');
  const [file, setFile] = useState<File>();
  const { saving, save } = useSaving();

  const submit = () =>
    save(async () => {
      await dataProvider.updateProfile({ name, email, image: file });
      notify('app.profile.saved', { type: 'success' });
      onSaved();
      onClose();
    });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      titleId="profile-edit-title"
      title={translate('app.profile.edit_title')}
      onSave={submit}
      saveDisabled={saving}
      asForm
      maxWidth="xs"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField label={translate('app.profile.name')} value={name} onChange={(e) => setName(e.target.value)} slotProps={{ htmlInput: { maxLength: 128 } }} fullWidth />
        <TextField type="email" label={translate('app.profile.email')} value={email} onChange={(e) => setEmail(e.target.value)} fullWidth />
        <Button component="label" variant="outlined" sx={{ '&:focus-within': { outline: '2px solid', outlineOffset: 2 } }}>
          {translate('app.profile.photo_choose')}
          <input style={VISUALLY_HIDDEN} type="file" accept="image/*" onChange={(e) => setFile(e.target.files?.[0])} />
        </Button>
        <Typography variant="body2">{file?.name ?? translate('app.image.none_chosen')}</Typography>
      </Stack>
    </FormDialog>
  );
};
