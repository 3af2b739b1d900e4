import { resourceTexts } from './define';

/** The user screen's texts in every language. */
export default resourceTexts({
  en: { name: 'User |||| Users' },
  ru: { name: 'Пользователь |||| Пользователя |||| Пользователей' },
  uz: { name: 'Foydalanuvchi |||| Foydalanuvchilar' },
});
