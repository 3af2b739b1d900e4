import KeyIcon from '@mui/icons-material/Key';
import { resourceModule } from '../module';

/** The permission catalogue (`GET /models`) is read by the roles screen, never listed on its own: no views, no menu. */
export default resourceModule({ icon: KeyIcon });
