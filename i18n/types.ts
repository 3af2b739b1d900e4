import type { RaMessages } from './ra-shape';
import type { enApp } from './en-app';

/** Keeps an object's shape while widening every text to `string`, so other languages need the same keys. */
export type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** Our own texts: the English catalogue is the reference shape. */
export type AppMessages = DeepStrings<typeof enApp>;

/** A complete catalogue for one language: react-admin's messages plus ours. */
export type Catalogue = RaMessages & AppMessages;

export const LOCALES = ['uz', 'ru', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
