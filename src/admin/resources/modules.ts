import AssignmentIcon from '@mui/icons-material/Assignment';
import GroupIcon from '@mui/icons-material/Group';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import LanguageIcon from '@mui/icons-material/Language';
import NotificationsIcon from '@mui/icons-material/Notifications';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import TranslateIcon from '@mui/icons-material/Translate';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { comingSoon } from './comingSoon';
import comfort from './comfort';
import cottageType from './cottage-type';
import place from './place';
import services from './services';
import tariff from './tariff';
import region from './region';

/** Every admin resource by its route, built or not; App registers them and the menu reuses their icons. */
export const modules = {
  language: comingSoon(LanguageIcon),
  translate: comingSoon(TranslateIcon),
  region,
  place,
  comfort,
  'cottage-type': cottageType,
  cottage: comingSoon(HomeWorkIcon),
  services,
  tariff,
  order: comingSoon(ShoppingCartIcon),
  roles: comingSoon(VerifiedUserIcon),
  user: comingSoon(GroupIcon),
  notification: comingSoon(NotificationsIcon),
};

export const progressIcon = AssignmentIcon;
