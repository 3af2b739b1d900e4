/** Calls the panel needs beyond react-admin's CRUD: translations to pick from, the counts, the languages. */
import type { Identifier, RaRecord } from 'react-admin';
import type { TranslationType } from '../../shared/enums';
import type { ApiResponse } from './httpClient';

type Http = <T = unknown>(path: string, init?: RequestInit) => Promise<ApiResponse<T>>;

export interface TranslationChoice {
  id: string;
  code: string;
}
export interface NewTranslation {
  code: string;
  type: TranslationType;
  definition: Record<string, string>;
}
export interface Language {
  id: string;
  code: string;
  title: string;
  image?: string | null;
}
/** `GET /stats`: a count is present only when the caller may list that resource. */
export type Stats = Partial<
  Record<
    'users' | 'cottages' | 'languages' | 'regions' | 'places' | 'comforts' | 'notifications' | 'progressCottages',
    number
  >
>;

export interface ApiExtras {
  unusedTranslations(): Promise<TranslationChoice[]>;
  createTranslation(input: NewTranslation): Promise<TranslationChoice>;
  languages(): Promise<Language[]>;
  stats(): Promise<Stats>;
  updateImage(resource: string, id: Identifier, file: File): Promise<{ data: RaRecord }>;
}

export function createApiExtras(http: Http): Omit<ApiExtras, 'updateImage'> {
  return {
    unusedTranslations: async () => (await http<TranslationChoice[]>('translate/unused')).json ?? [],
    createTranslation: async (input) =>
      (await http<TranslationChoice>('translate', { method: 'POST', body: JSON.stringify(input) })).json,
    languages: async () => (await http<Language[]>('language')).json ?? [],
    stats: async () => (await http<Stats>('stats')).json ?? {},
  };
}
