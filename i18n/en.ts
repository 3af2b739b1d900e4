import englishMessages from 'ra-language-english';
import { enApp } from './en-app';
import { loginTexts } from './login';
import type { RaMessages } from './ra-shape';
import type { Catalogue } from './types';

// ra-language-english is typed loosely; src/admin/i18n.spec.ts checks its keys match RaMessages exactly.
const { ra } = englishMessages as unknown as RaMessages;

/** The texts the login page shows too: declared once, in i18n/login.ts (over the package's equal wording). */
const loginPage = loginTexts.en.ra;

const raEn: RaMessages = {
  ra: {
    ...ra,
    page: { ...ra.page, loading: loginPage.page.loading },
    input: { ...ra.input, password: loginPage.input.password },
    message: { ...ra.message, loading: loginPage.message.loading },
    notification: { ...ra.notification, logged_out: loginPage.notification.logged_out },
  },
};

const en: Catalogue = { ...raEn, ...enApp };
export default en;
