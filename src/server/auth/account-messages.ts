/**
 * What the account's strong actions and the second factor's lock say, in the request's language (`request.lang`; an
 * unknown one reads English), like the password-strength messages (`strength.ts`).
 */
type Lang = 'uz' | 'ru' | 'en';

const MESSAGES = {
  'second-factor-locked': {
    uz: 'Juda koʻp notoʻgʻri kod kiritilgani uchun autentifikator kodlari qulflandi. Tiklash kodi bilan kiring yoki administratordan ikki bosqichli kirishni bekor qilishni soʻrang.',
    ru: 'Коды приложения-аутентификатора заблокированы: было введено слишком много неверных кодов. Войдите с кодом восстановления или попросите администратора сбросить двухфакторный вход.',
    en: 'Codes from your authenticator app are locked after too many wrong codes. Sign in with a recovery code, or ask an administrator to reset your two-factor login.',
  },
  'password-required': {
    uz: 'Joriy parolni kiriting.',
    ru: 'Введите текущий пароль.',
    en: 'Enter your current password.',
  },
  'password-wrong': {
    uz: 'Joriy parol notoʻgʻri.',
    ru: 'Текущий пароль неверен.',
    en: 'The current password is wrong.',
  },
  'code-wrong': {
    uz: 'Kod notoʻgʻri yoki allaqachon ishlatilgan.',
    ru: 'Код неверен или уже использован.',
    en: 'The code is wrong or already used.',
  },
  'two-factor-off': {
    uz: 'Ikki bosqichli kirish oʻchirilgan.',
    ru: 'Двухфакторный вход выключен.',
    en: 'Two-factor login is off.',
  },
} satisfies Record<string, Record<Lang, string>>;

type AccountMessage = keyof typeof MESSAGES;

export function accountMessage(what: AccountMessage, lang: string): string {
  const texts: Record<Lang, string> = MESSAGES[what];
  return texts[lang as Lang] ?? texts.en;
}
