/**
 * The lists' layout controls (side panel, row density) in the three languages side by side; each catalogue takes its
 * language's block as `app.layout`.
 */
import type { DeepStrings, Locale } from './types';

const en = {
  filters: 'Filters',
  filters_hide: 'Hide filters',
  density: 'Compact rows',
  more: 'More (%{count})',
  less: 'Fewer',
};

export const layoutTexts: Record<Locale, DeepStrings<typeof en>> = {
  en,
  uz: {
    filters: 'Filtrlar',
    filters_hide: 'Filtrlarni yashirish',
    density: 'Ixcham qatorlar',
    more: 'Yana (%{count})',
    less: 'Kamroq',
  },
  ru: {
    filters: 'Фильтры',
    filters_hide: 'Скрыть фильтры',
    density: 'Компактные строки',
    more: 'Ещё (%{count})',
    less: 'Свернуть',
  },
};
