import HistoryIcon from '@mui/icons-material/History';
import { AuditList } from './AuditList';
import { resourceModule } from '../module';

/** The audit log: read only, for holders of `audit.list`. Each record's own History is on its edit page. */
export default resourceModule({
  list: AuditList,
  icon: HistoryIcon,
  /** Its sidebar place (labelled `resources.audit.menu`). */
  menu: { order: 160 },
});
