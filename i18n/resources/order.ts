import { resourceTexts } from './define';

/** The order screen's texts in every language. */
export default resourceTexts({
  en: { name: 'Order |||| Orders' },
  ru: { name: 'Заказ |||| Заказа |||| Заказов' },
  uz: { name: 'Buyurtma |||| Buyurtmalar' },
});
