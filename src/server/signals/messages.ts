/**
 * What each signal says, in uz, ru and en (`messages.ts`): stored as a key and its parameters, rendered in the reader's
 * language when the signals are read (`GET cottage/{id}/signals`).
 */
import { render, said, type Texts } from '../messages';

export const SIGNAL_TEXTS = {
  contact: {
    uz: 'Matnda aloqa maʼlumoti bor: “{text}”',
    ru: 'В тексте есть контакт: «{text}»',
    en: 'Contact details in the text: “{text}”',
  },
  priceHigh: {
    uz: 'Narx {value} hududdagi odatiy narxdan ancha yuqori (mediana {median}, odatiy {low}–{high})',
    ru: 'Цена {value} намного выше обычной для района (медиана {median}, обычно {low}–{high})',
    en: 'The price {value} is far above the usual for the area (median {median}, usual {low}–{high})',
  },
  priceLow: {
    uz: 'Narx {value} hududdagi odatiy narxdan ancha past (mediana {median}, odatiy {low}–{high})',
    ru: 'Цена {value} намного ниже обычной для района (медиана {median}, обычно {low}–{high})',
    en: 'The price {value} is far below the usual for the area (median {median}, usual {low}–{high})',
  },
  weekendHigh: {
    uz: 'Dam olish kunlari narxi {value} hududdagi odatiy narxdan ancha yuqori (mediana {median}, odatiy {low}–{high})',
    ru: 'Цена выходного дня {value} намного выше обычной для района (медиана {median}, обычно {low}–{high})',
    en: 'The weekend price {value} is far above the usual for the area (median {median}, usual {low}–{high})',
  },
  weekendLow: {
    uz: 'Dam olish kunlari narxi {value} hududdagi odatiy narxdan ancha past (mediana {median}, odatiy {low}–{high})',
    ru: 'Цена выходного дня {value} намного ниже обычной для района (медиана {median}, обычно {low}–{high})',
    en: 'The weekend price {value} is far below the usual for the area (median {median}, usual {low}–{high})',
  },
  weekendBelow: {
    uz: 'Dam olish kunlari narxi ({priceWeekend}) oddiy kundagidan ({price}) past',
    ru: 'Цена выходного дня ({priceWeekend}) ниже цены будня ({price})',
    en: 'The weekend price ({priceWeekend}) is below the weekday price ({price})',
  },
  twin: {
    uz: 'Boshqa egasining dachasidan {distance} m uzoqlikda: “{name}”',
    ru: 'В {distance} м от дачи другого владельца: «{name}»',
    en: '{distance} m from another owner’s cottage: “{name}”',
  },
  copy: {
    uz: 'Tavsif boshqa egasining dachasinikiga deyarli bir xil ({percent}%): “{name}”',
    ru: 'Описание почти совпадает с описанием дачи другого владельца ({percent}%): «{name}»',
    en: 'The description nearly matches another owner’s cottage ({percent}%): “{name}”',
  },
  photo: {
    uz: 'Rasm boshqa egasining dachasidagi rasmga deyarli bir xil ({percent}%): “{name}”',
    ru: 'Фото почти совпадает с фото дачи другого владельца ({percent}%): «{name}»',
    en: 'A photo nearly copies a photo of another owner’s cottage ({percent}%): “{name}”',
  },
  reusedPhoto: {
    uz: 'Rasm egasining boshqa dachasida ham bor ({percent}%): “{name}”',
    ru: 'Фото уже есть у другой дачи того же владельца ({percent}%): «{name}»',
    en: 'A photo is reused from the owner’s other cottage ({percent}%): “{name}”',
  },
  burst: {
    uz: 'Egasi 24 soat ichida {count} ta dacha qoʻshgan',
    ru: 'Владелец добавил {count} дач за 24 часа',
    en: 'The owner added {count} cottages within 24 hours',
  },
} as const satisfies Record<string, Texts>;

export type SignalMessageKey = keyof typeof SIGNAL_TEXTS;

/** A stored signal's message in `lang`; an unknown key (a newer server's) reads as the key itself. */
export function signalMessage(key: string, params: Record<string, string | number>, lang: string): string {
  const texts = (SIGNAL_TEXTS as Record<string, Texts>)[key];
  return texts ? render(said(texts, params), lang) : key;
}
