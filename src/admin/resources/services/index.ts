import CampaignIcon from '@mui/icons-material/Campaign';
import { ServiceCreate } from './ServiceCreate';
import { ServiceEdit } from './ServiceEdit';
import { ServiceList } from './ServiceList';

export default {
  list: ServiceList,
  create: ServiceCreate,
  edit: ServiceEdit,
  icon: CampaignIcon,
  recordRepresentation: 'name',
};
