import { resourceTexts } from './define';

/** The language screen's texts in every language. */
export default resourceTexts({
  en: { name: 'Language |||| Languages' },
  ru: { name: 'Язык |||| Языки |||| Языков' },
  uz: { name: 'Til |||| Tillar' },
});
