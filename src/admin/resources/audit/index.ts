import HistoryIcon from '@mui/icons-material/History';
import { AuditList } from './AuditList';

/** The audit log: read only, for holders of `audit.list`. Each record's own History is on its edit page. */
export default {
  list: AuditList,
  icon: HistoryIcon,
};
