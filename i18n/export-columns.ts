import { resourceTexts } from './resources/define';

/**
 * Headers of CSV export columns that no screen labels (the server reads them with every screen's own labels:
 * src/server/lib/csv-export.ts). Uzbek Latin with oʻ gʻ (U+02BB).
 */
export default resourceTexts({
  en: {
    rating: 'Rating',
    userId: 'Owner',
    premiumCottages: 'Premium placements',
    premiumActivatedAt: 'Premium activated',
    premium: 'Premium',
    balance: 'Balance',
    usedBy: 'Used by',
    tariffs: 'Tariffs',
    risk: 'Risk',
    signalKinds: 'Signals',
  },
  ru: {
    rating: 'Рейтинг',
    userId: 'Владелец',
    premiumCottages: 'Премиум-размещения',
    premiumActivatedAt: 'Премиум активирован',
    premium: 'Премиум',
    balance: 'Баланс',
    usedBy: 'Где используется',
    tariffs: 'Тарифы',
    risk: 'Риск',
    signalKinds: 'Сигналы',
  },
  uz: {
    rating: 'Reyting',
    userId: 'Egasi',
    premiumCottages: 'Premium joylashuvlar',
    premiumActivatedAt: 'Premium faollashtirilgan',
    premium: 'Premium',
    balance: 'Balans',
    usedBy: 'Qayerda ishlatilgan',
    tariffs: 'Tariflar',
    risk: 'Xavf',
    signalKinds: 'Signallar',
  },
});
