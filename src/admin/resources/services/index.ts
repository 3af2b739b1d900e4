import CampaignIcon from '@mui/icons-material/Campaign';
import { kitPages } from '../../components/KitPages';
import { ServiceForm } from './ServiceForm';
import { ServiceList } from './ServiceList';
import { resourceModule } from '../module';

export default resourceModule({
  ...kitPages(ServiceForm),
  list: ServiceList,
  icon: CampaignIcon,
  recordRepresentation: 'name',
  /** Its sidebar place (labelled `resources.services.menu`). */
  menu: { order: 50 },
});
