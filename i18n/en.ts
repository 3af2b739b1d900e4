import englishMessages from 'ra-language-english';
import { enApp } from './en-app';
import type { Catalogue } from './types';
import type { RaMessages } from './ra-shape';

// ra-language-english is typed loosely; i18n/catalogue.spec.ts checks its keys match RaMessages exactly.
const raEn = englishMessages as unknown as RaMessages;

const en: Catalogue = { ...raEn, ...enApp };
export default en;
