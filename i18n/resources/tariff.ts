import { resourceTexts } from './define';

/** The tariff screen's texts in every language. */
export default resourceTexts({
  en: { name: 'Tariff |||| Tariffs' },
  ru: { name: 'Тариф |||| Тарифа |||| Тарифов' },
  uz: { name: 'Tarif |||| Tariflar' },
});
