import CommentIcon from '@mui/icons-material/Comment';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { KitCreate } from '../../components/KitPages';
import { NotificationForm } from './NotificationForm';
import { NotificationList } from './NotificationList';
import { resourceModule } from '../module';

export default resourceModule({
  list: NotificationList,
  create: (
    <KitCreate>
      <NotificationForm />
    </KitCreate>
  ),
  icon: NotificationsIcon,
  recordRepresentation: 'message',
  /** Its sidebar place (labelled `resources.notification.menu`) and home tile (`resources.notification.tile`). */
  menu: { order: 150 },
  tile: { order: 7, stat: 'notifications', color: '#33803a', icon: CommentIcon },
});
