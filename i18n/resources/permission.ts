import { resourceTexts } from './define';

/** The permission screen's texts in every language. */
export default resourceTexts({
  en: { name: 'Permission |||| Permissions' },
  ru: { name: 'Разрешение |||| Разрешения |||| Разрешений' },
  uz: { name: 'Ruxsat |||| Ruxsatlar' },
});
