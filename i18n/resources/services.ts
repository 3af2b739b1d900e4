import { resourceTexts } from './define';

/** The services screen's texts in every language. */
export default resourceTexts({
  en: { name: 'Service |||| Services' },
  ru: { name: 'Услуга |||| Услуги |||| Услуг' },
  uz: { name: 'Xizmat |||| Xizmatlar' },
});
