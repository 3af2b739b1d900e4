/**
 * The texts the login page can show before its language's full catalogue has arrived — the form, the 404 page, the
 * loading screen and the toasts a login can end with — so the login page's JavaScript carries these few instead of
 * three catalogues (the full one loads with the panel's chunk: src/admin/providers/i18nProvider.ts).
 * These texts are declared here only: the full catalogues (uz.ts, ru.ts, en-app.ts, ra-uz.ts, ra-ru.ts, en.ts) take
 * them from `loginTexts`, never the reverse, so the login page's JavaScript does not pull the catalogues in.
 * src/admin/loginTexts.spec.ts fails when a full catalogue lacks one of them or shows another text under its key,
 * or when a login page component asks for a key that is missing here.
 */
import type { DeepStrings, Locale } from './types';

const en = {
  ra: {
    input: { password: { toggle_visible: 'Hide password', toggle_hidden: 'Show password' } },
    page: { loading: 'Loading' },
    message: { loading: 'Please wait' },
    notification: { logged_out: 'Your session has ended, please reconnect.' },
  },
  app: {
    brand: 'DACHAOL.UZ',
    login: {
      username: 'Username',
      password: 'Password',
      username_placeholder: 'Enter username',
      password_placeholder: 'Enter password',
      submit: 'LOG IN',
      success: 'Successfully logged in!',
      failure: 'Something went wrong',
      code: 'Code',
      code_placeholder: 'The 6-digit code from your app, or a recovery code',
      code_required: 'Two-factor login is on: enter the code from your authenticator app',
      code_wrong: 'The code is wrong or already used',
      code_locked: 'Codes from your authenticator are locked after too many wrong codes. Enter one of your recovery codes instead, or ask an administrator to reset your two-factor login.',
      back: 'Back',
    },
    language: { label: 'Language' },
    not_found: {
      code: '4 0 4',
      title: "Oops! You're lost.",
      text: 'The page you are looking for was not found.',
      back: 'Back to Home',
    },
    error: {
      generic: 'Something went wrong',
      network: 'The server cannot be reached. Check the connection and try again.',
    },
  },
};

type LoginMessages = DeepStrings<typeof en>;

const uz: LoginMessages = {
  ra: {
    input: { password: { toggle_visible: 'Parolni yashirish', toggle_hidden: 'Parolni koʻrsatish' } },
    page: { loading: 'Yuklanmoqda' },
    message: { loading: 'Iltimos, kuting' },
    notification: { logged_out: 'Sessiya tugadi, qayta kiring.' },
  },
  app: {
    brand: 'DACHAOL.UZ',
    login: {
      username: 'Foydalanuvchi nomi',
      password: 'Parol',
      username_placeholder: 'Foydalanuvchi nomini kiriting',
      password_placeholder: 'Parolni kiriting',
      submit: 'KIRISH',
      success: 'Tizimga muvaffaqiyatli kirdingiz!',
      failure: 'Nimadir xato ketdi',
      code: 'Kod',
      code_placeholder: 'Ilovadagi 6 xonali kod yoki tiklash kodi',
      code_required: 'Ikki bosqichli kirish yoqilgan: autentifikator ilovasidagi kodni kiriting',
      code_wrong: 'Kod notoʻgʻri yoki allaqachon ishlatilgan',
      code_locked: 'Juda koʻp notoʻgʻri koddan soʻng autentifikator kodlari qulflandi. Uning oʻrniga tiklash kodlaringizdan birini kiriting yoki administratordan ikki bosqichli kirishni bekor qilishni soʻrang.',
      back: 'Orqaga',
    },
    language: { label: 'Til' },
    not_found: {
      code: '4 0 4',
      title: 'Voy! Adashib qoldingiz.',
      text: 'Siz qidirayotgan sahifa topilmadi.',
      back: 'Bosh sahifaga qaytish',
    },
    error: {
      generic: 'Hatolik yuz berdi',
      network: 'Server bilan aloqa yoʻq. Ulanishni tekshirib, qayta urinib koʻring.',
    },
  },
};

const ru: LoginMessages = {
  ra: {
    input: { password: { toggle_visible: 'Скрыть пароль', toggle_hidden: 'Показать пароль' } },
    page: { loading: 'Загрузка' },
    message: { loading: 'Пожалуйста, подождите' },
    notification: { logged_out: 'Сеанс завершён, войдите снова.' },
  },
  app: {
    brand: 'DACHAOL.UZ',
    login: {
      username: 'Имя пользователя',
      password: 'Пароль',
      username_placeholder: 'Введите имя пользователя',
      password_placeholder: 'Введите пароль',
      submit: 'ВОЙТИ',
      success: 'Вы успешно вошли!',
      failure: 'Что-то пошло не так',
      code: 'Код',
      code_placeholder: '6-значный код из приложения или код восстановления',
      code_required: 'Включён двухфакторный вход: введите код из приложения-аутентификатора',
      code_wrong: 'Код неверен или уже использован',
      code_locked: 'Коды аутентификатора заблокированы после множества неверных кодов. Введите вместо них один из кодов восстановления или попросите администратора сбросить двухфакторный вход.',
      back: 'Назад',
    },
    language: { label: 'Язык' },
    not_found: {
      code: '4 0 4',
      title: 'Ой! Вы заблудились.',
      text: 'Страница, которую вы ищете, не найдена.',
      back: 'На главную',
    },
    error: {
      generic: 'Произошла ошибка',
      network: 'Сервер недоступен. Проверьте соединение и повторите попытку.',
    },
  },
};

export const loginTexts: Record<Locale, LoginMessages> = { uz, ru, en };
