import { resourceTexts } from './define';

/** The place screen's texts in every language. */
export default resourceTexts({
  en: { name: 'Place |||| Places' },
  ru: { name: 'Место |||| Места |||| Мест' },
  uz: { name: 'Joy |||| Joylar' },
});
