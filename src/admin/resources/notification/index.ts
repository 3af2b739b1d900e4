import NotificationsIcon from '@mui/icons-material/Notifications';
import { NotificationCreate } from './NotificationCreate';
import { NotificationList } from './NotificationList';

export default {
  list: NotificationList,
  create: NotificationCreate,
  icon: NotificationsIcon,
  recordRepresentation: 'message',
};
