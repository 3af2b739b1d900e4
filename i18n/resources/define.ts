import type { DeepStrings } from '../types';

/** One resource's texts: English is the reference shape, and Russian and Uzbek must have exactly its keys. */
export function resourceTexts<T>(texts: { en: T; ru: NoInfer<DeepStrings<T>>; uz: NoInfer<DeepStrings<T>> }) {
  return texts;
}
