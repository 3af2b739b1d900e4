import { resourceTexts } from './define';

/** The cottage-type screen's texts in every language. */
export default resourceTexts({
  en: { name: 'Cottage type |||| Cottage types' },
  ru: { name: 'Тип коттеджа |||| Типа коттеджей |||| Типов коттеджей' },
  uz: { name: 'Kottej turi |||| Kottej turlari' },
});
