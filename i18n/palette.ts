/**
 * The command palette (issue #34): Ctrl+K or "/" anywhere in the panel searches records on the server and offers the
 * daily actions, in the three languages side by side; each catalogue takes its block as `app.palette`.
 */
import type { DeepStrings, Locale } from './types';

const en = {
  open: 'Search (Ctrl+K)',
  title: 'Search and actions',
  placeholder: 'Cottage, owner’s phone, user, order, region, place, translation…',
  searching: 'Searching…',
  nothing: 'Nothing found for “%{q}”',
  failed: 'The search failed. Try again.',
  results: 'Records',
  actions: 'Actions',
  hint: '↑↓ to choose, Enter to open, Esc to close',
  next_in_queue: 'Next cottage in the review queue',
};

export const paletteTexts: Record<Locale, DeepStrings<typeof en>> = {
  en,
  uz: {
    open: 'Qidirish (Ctrl+K)',
    title: 'Qidiruv va amallar',
    placeholder: 'Kottej, egasining telefoni, foydalanuvchi, buyurtma, viloyat, joy, tarjima…',
    searching: 'Qidirilmoqda…',
    nothing: '“%{q}” boʻyicha hech narsa topilmadi',
    failed: 'Qidiruv amalga oshmadi. Qayta urinib koʻring.',
    results: 'Yozuvlar',
    actions: 'Amallar',
    hint: '↑↓ — tanlash, Enter — ochish, Esc — yopish',
    next_in_queue: 'Navbatdagi keyingi kottej',
  },
  ru: {
    open: 'Поиск (Ctrl+K)',
    title: 'Поиск и действия',
    placeholder: 'Коттедж, телефон владельца, пользователь, заказ, регион, место, перевод…',
    searching: 'Поиск…',
    nothing: 'По запросу «%{q}» ничего не найдено',
    failed: 'Поиск не удался. Попробуйте ещё раз.',
    results: 'Записи',
    actions: 'Действия',
    hint: '↑↓ — выбрать, Enter — открыть, Esc — закрыть',
    next_in_queue: 'Следующий коттедж в очереди',
  },
};
