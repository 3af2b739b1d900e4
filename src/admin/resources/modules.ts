import AssignmentIcon from '@mui/icons-material/Assignment';
import CampaignIcon from '@mui/icons-material/Campaign';
import CategoryIcon from '@mui/icons-material/Category';
import GroupIcon from '@mui/icons-material/Group';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PlaceIcon from '@mui/icons-material/Place';
import SellIcon from '@mui/icons-material/Sell';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { comingSoon } from './comingSoon';
import comfort from './comfort';
import language from './language';
import region from './region';
import translate from './translate';

/** Every admin resource by its route, built or not; App registers them and the menu reuses their icons. */
export const modules = {
  language,
  translate,
  region,
  place: comingSoon(PlaceIcon),
  comfort,
  'cottage-type': comingSoon(CategoryIcon),
  cottage: comingSoon(HomeWorkIcon),
  services: comingSoon(CampaignIcon),
  tariff: comingSoon(SellIcon),
  order: comingSoon(ShoppingCartIcon),
  roles: comingSoon(VerifiedUserIcon),
  user: comingSoon(GroupIcon),
  notification: comingSoon(NotificationsIcon),
};

export const progressIcon = AssignmentIcon;
