/**
 * Which new passwords are refused: one that contains the username, and one that zxcvbn (with its common-password and
 * word lists) scores below 3 — guessable in fewer than about 10^8 tries, which covers the breached-password lists and
 * their usual variations (`Password1!`, `qwerty123`). Existing hashes are never checked: old accounts keep working.
 * The messages are in the request's language, like the CSV export's headers.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { HttpError } from '../errors';

type Weakness = 'contains-username' | 'common';

const MIN_SCORE = 3;
/** Shorter usernames (`al`) would refuse too many passwords by accident; zxcvbn still weighs them as user input. */
const USERNAME_MIN_CHECKED = 3;

let estimator: ZxcvbnFactory | undefined;
const zxcvbn = () => (estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }));

export function passwordWeakness(password: string, username?: string | null): Weakness | undefined {
  const name = username?.trim().toLowerCase();
  if (name && name.length >= USERNAME_MIN_CHECKED && password.toLowerCase().includes(name)) return 'contains-username';
  // zxcvbn's cost grows with the length; past 100 characters the start decides nothing the rest would not.
  const result = zxcvbn().check(password.slice(0, 100), name ? [name] : []);
  return result.score < MIN_SCORE ? 'common' : undefined;
}

const MESSAGES: Record<Weakness | 'own-password', Record<'uz' | 'ru' | 'en', string>> = {
  common: {
    uz: 'Bu parol juda keng tarqalgan yoki oson topiladi: uzunroq parol yoki bir-biriga bogʻliq boʻlmagan bir nechta soʻz tanlang.',
    ru: 'Этот пароль слишком распространён или его легко угадать: выберите пароль длиннее или из нескольких не связанных слов.',
    en: 'This password is too common or too easy to guess: choose a longer one, or a few unrelated words.',
  },
  'contains-username': {
    uz: 'Parolda foydalanuvchi nomi boʻlmasligi kerak.',
    ru: 'Пароль не должен содержать имя пользователя.',
    en: 'The password must not contain the username.',
  },
  'own-password': {
    uz: 'Oʻz parolingizni profilda oʻzgartiring: u yerda joriy parol soʻraladi.',
    ru: 'Свой пароль меняйте в профиле: там нужен текущий пароль.',
    en: 'Change your own password under Profile, where the current password is asked for.',
  },
};

export function strengthMessage(what: Weakness | 'own-password', lang: string): string {
  const texts = MESSAGES[what];
  return texts[lang as keyof typeof texts] ?? texts.en;
}

/** A 400 naming `field` when the password is weak; nothing otherwise. */
export function checkPasswordStrength(password: string, username: string | null | undefined, lang: string, field: string) {
  const weakness = passwordWeakness(password, username);
  if (!weakness) return;
  const message = strengthMessage(weakness, lang);
  throw new HttpError(400, message, { [field]: message });
}
