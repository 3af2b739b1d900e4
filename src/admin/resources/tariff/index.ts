import SellIcon from '@mui/icons-material/Sell';
import { kitPages } from '../../components/KitPages';
import { TariffForm } from './TariffForm';
import { TariffList } from './TariffList';
import { resourceModule } from '../module';

export default resourceModule({
  ...kitPages(TariffForm),
  list: TariffList,
  icon: SellIcon,
  recordRepresentation: 'type',
  /** Its sidebar place (labelled `resources.tariff.menu`). */
  menu: { order: 60 },
});
