import PublicIcon from '@mui/icons-material/Public';
import { kitPages } from '../../components/KitPages';
import { RegionForm } from './RegionForm';
import { RegionList } from './RegionList';
import { resourceModule } from '../module';

export default resourceModule({
  ...kitPages(RegionForm),
  list: RegionList,
  icon: PublicIcon,
  recordRepresentation: 'name',
  /** Its sidebar place (labelled `resources.region.menu`) and home tile (`resources.region.tile`). */
  menu: { order: 130 },
  tile: { order: 4, stat: 'regions', color: '#00838f' },
});
