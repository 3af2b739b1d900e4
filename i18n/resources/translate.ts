import { resourceTexts } from './define';

/** The translate screen's texts in every language. */
export default resourceTexts({
  en: { name: 'Translation |||| Translations' },
  ru: { name: 'Перевод |||| Переводы |||| Переводов' },
  uz: { name: 'Tarjima |||| Tarjimalar' },
});
