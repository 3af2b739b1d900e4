import PublicIcon from '@mui/icons-material/Public';
import { RegionCreate } from './RegionCreate';
import { RegionEdit } from './RegionEdit';
import { RegionList } from './RegionList';

export default {
  list: RegionList,
  create: RegionCreate,
  edit: RegionEdit,
  icon: PublicIcon,
  recordRepresentation: 'name',
};
