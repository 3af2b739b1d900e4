import { Alert } from '@mui/material';
import { SaveButton, TextInput, Toolbar, maxLength, required, useTranslate } from 'react-admin';
import { KitForm } from '../../components/KitForm';

const SendToolbar = () => (
  <Toolbar>
    <SaveButton label="resources.notification.send" alwaysEnable />
  </Toolbar>
);

/**
 * A public notification, for everybody: `POST notification/add {message, type: "public"}`. The toast comes from
 * react-admin after the server's answer, never before it.
 */
export const NotificationForm = () => {
  const translate = useTranslate();
  return (
    <KitForm defaultValues={{ type: 'public' }} toolbar={<SendToolbar />}>
      <TextInput
        source="message"
        multiline
        minRows={4}
        validate={[required(), maxLength(2000)]}
        placeholder={translate('resources.notification.placeholders.message')}
        sx={{ width: 640, maxWidth: '100%' }}
      />
      <Alert severity="info" sx={{ width: 640, maxWidth: '100%' }}>
        {translate('resources.notification.personal_hint')}
      </Alert>
    </KitForm>
  );
};
