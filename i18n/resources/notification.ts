import { resourceTexts } from './define';

/** The notification screen's texts in every language. */
export default resourceTexts({
  en: { name: 'Notification |||| Notifications' },
  ru: { name: 'Уведомление |||| Уведомления |||| Уведомлений' },
  uz: { name: 'Xabarnoma |||| Xabarnomalar' },
});
