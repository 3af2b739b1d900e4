import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { DEFAULT_LANGUAGES } from '../../shared/enums';
import type { AppDataProvider } from './dataProvider';

/** The cache key of the server's languages: the header select reads it, and every write refreshes it. */
const LANGUAGE_CODES_KEY = ['language', 'codes'];

/**
 * The codes of the server's languages, in its order. While they load, `codes` is undefined (forms wait instead of
 * guessing); if they cannot be read (no `language.list`), the languages every install starts with stand in.
 */
export function useLanguageCodes(): { codes: string[] | undefined; isPending: boolean } {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, isPending, isError } = useQuery({ queryKey: LANGUAGE_CODES_KEY, queryFn: () => dataProvider.languages() });
  if (isError || (data && data.length === 0)) return { codes: DEFAULT_LANGUAGES.map((l) => l.code), isPending: false };
  return { codes: data?.map((l) => l.code), isPending };
}
