import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { forwardRef } from 'react';
import {
  MenuItemLink,
  UserMenu as RaUserMenu,
  useBasename,
  useLogout,
  useNotify,
  useGetIdentity,
  useTranslate,
  useUserMenu,
} from 'react-admin';

const LOGOUT_DELAY_MS = 1000;

const LogoutItem = forwardRef<HTMLLIElement>((props, ref) => {
  const translate = useTranslate();
  const notify = useNotify();
  const logout = useLogout();
  const userMenu = useUserMenu();
  const onClick = () => {
    userMenu?.onClose();
    notify('app.user_menu.logged_out', { type: 'success' });
    setTimeout(() => void logout(), LOGOUT_DELAY_MS);
  };
  return (
    <MenuItem ref={ref} {...props} onClick={onClick} sx={{ color: 'error.main' }}>
      <ListItemIcon>
        <LogoutIcon fontSize="small" color="error" />
      </ListItemIcon>
      <ListItemText>{translate('app.user_menu.logout')}</ListItemText>
    </MenuItem>
  );
});

const ProfileItem = () => {
  const basename = useBasename();
  const userMenu = useUserMenu();
  return (
    <MenuItemLink
      to={`${basename}/profile`}
      primaryText="app.user_menu.profile"
      leftIcon={<PersonIcon />}
      onClick={() => userMenu?.onClose()}
    />
  );
};

/**
 * The avatar (or an icon) with "My Profile" and "Log Out". The button shows the user's name, so its accessible name
 * starts with that name (WCAG 2.5.3, "label in name"), followed by what the button is for.
 */
export const UserMenu = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const purpose = translate('ra.auth.user_menu');
  return (
    <RaUserMenu label={identity?.fullName ? `${identity.fullName} · ${purpose}` : purpose}>
      <ProfileItem />
      <LogoutItem />
    </RaUserMenu>
  );
};
