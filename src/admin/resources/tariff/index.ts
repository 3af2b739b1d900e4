import SellIcon from '@mui/icons-material/Sell';
import { TariffCreate } from './TariffCreate';
import { TariffEdit } from './TariffEdit';
import { TariffList } from './TariffList';

export default {
  list: TariffList,
  create: TariffCreate,
  edit: TariffEdit,
  icon: SellIcon,
  recordRepresentation: 'type',
};
