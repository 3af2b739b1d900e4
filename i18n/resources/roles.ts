import { resourceTexts } from './define';

/** The roles screen's texts in every language. */
export default resourceTexts({
  en: { name: 'Role |||| Roles' },
  ru: { name: 'Роль |||| Роли |||| Ролей' },
  uz: { name: 'Rol |||| Rollar' },
});
