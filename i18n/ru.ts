import { raRu } from './ra-ru';
import { resourcesIn } from './resources';
import type { AppMessages, Catalogue } from './types';

const ruApp = {
  app: {
    title: 'Панель администратора',
    brand: 'DACHAOL.UZ',
    menu: {
      home: 'Главная',
      translate: 'Переводы',
      cottage: 'Объявления',
      progress_cottages: 'Объявления в процессе',
      order: 'Заказы',
      services: 'Услуги',
      tariff: 'Тарифы',
      place: 'Места',
      cottage_type: 'Типы коттеджей',
      comfort: 'Удобства',
      roles: 'Роли',
      user: 'Пользователи',
      region: 'Области',
      language: 'Языки',
      notification: 'Уведомления',
      profile: 'Мой профиль',
    },
    login: {
      username: 'Имя пользователя',
      password: 'Пароль',
      username_placeholder: 'Введите имя пользователя',
      password_placeholder: 'Введите пароль',
      submit: 'ВОЙТИ',
      success: 'Вы успешно вошли!',
      failure: 'Что-то пошло не так',
    },
    user_menu: {
      profile: 'Мой профиль',
      logout: 'Выйти',
      logged_out: 'Вы успешно вышли',
    },
    language: { label: 'Язык' },
    not_found: {
      code: '4 0 4',
      title: 'Ой! Вы заблудились.',
      text: 'Страница, которую вы ищете, не найдена.',
      back: 'На главную',
    },
    coming_soon: {
      title: 'Скоро',
      text: 'Этот раздел перестраивается и появится в следующей версии.',
    },
    home: {
      title: 'Панель администратора',
      users: 'Пользователи',
      cottages: 'Коттеджи',
      languages: 'Языки',
      regions: 'Области',
      places: 'Места',
      comforts: 'Удобства',
      notifications: 'Уведомления',
    },
    delete: { confirm: 'Вы уверены, что хотите удалить?', no: 'Нет', yes: 'Да' },
    image: {
      missing: 'Изображение не найдено!',
      edit: 'Изменить изображение',
      edit_title: 'Изменить изображение: %{resource}',
      edited: 'Изображение успешно изменено',
      choose: 'Выберите изображение',
      none_chosen: 'Изображение не выбрано',
    },
    translation: {
      choose: 'Выберите перевод',
      create: 'Новый перевод',
      create_title: 'Новый перевод',
      code: 'Код перевода',
      type: 'Тип',
      types: { content: 'Контент', error: 'Ошибка' },
      definition: 'Текст (%{code})',
      created: 'Перевод создан: %{code}',
      none: 'Свободных переводов нет: создайте новый кнопкой +',
      current: 'текущий',
    },
    error: {
      generic: 'Произошла ошибка',
      network: 'Сервер недоступен. Проверьте соединение и повторите попытку.',
      forbidden: 'У вас нет прав на это действие.',
    },
    columns: { id: '#', createdAt: 'Создано', updatedAt: 'Изменено' },
    stats: { unavailable: 'Счётчики недоступны' },
    status: {
      progress: 'В процессе',
      confirmed: 'Подтверждено',
      rejected: 'Отклонено',
      active: 'Активно',
      inactive: 'Неактивно',
      success: 'Успешно',
      cancelled: 'Отменено',
    },
  },
  resources: resourcesIn('ru'),
} satisfies AppMessages;

const ru: Catalogue = { ...raRu, ...ruApp };
export default ru;
