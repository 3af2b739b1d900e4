import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { LoginField, type LoginFieldProps } from './LoginField';

/** A password input with the show/hide eye the original login had. */
export const PasswordField = (props: Omit<LoginFieldProps, 'type' | 'endAdornment'>) => {
  const [visible, setVisible] = useState(false);
  const translate = useTranslate();
  const toggleLabel = translate(visible ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden');
  return (
    <LoginField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton aria-label={toggleLabel} onClick={() => setVisible((v) => !v)} edge="end">
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
};
