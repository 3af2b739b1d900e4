import { resourceTexts } from './define';

/** The comfort screen's texts in every language. */
export default resourceTexts({
  en: {
    name: 'Comfort |||| Comforts',
    title: 'Comfort',
    menu: 'Comfort',
    tile: 'Comforts',
    add: 'Add Comfort',
    edit: 'Edit Comfort',
    empty: 'There is no comfort yet',
    notifications: {
      created: 'Comfort successfully added',
      updated: 'Comfort successfully edited',
      deleted: 'Comfort successfully deleted',
    },
    fields: { id: '#', name: 'Name', nameTranslateId: 'Comfort name', image: 'Image', q: 'Search' },
  },
  ru: {
    name: 'Удобство |||| Удобства |||| Удобств',
    title: 'Удобства',
    menu: 'Удобства',
    tile: 'Удобства',
    add: 'Добавить удобство',
    edit: 'Изменить удобство',
    empty: 'Удобств пока нет',
    notifications: {
      created: 'Удобство успешно добавлено',
      updated: 'Удобство успешно изменено',
      deleted: 'Удобство успешно удалено',
    },
    fields: { id: '#', name: 'Название', nameTranslateId: 'Название удобства', image: 'Изображение', q: 'Поиск' },
  },
  uz: {
    name: 'Qulaylik |||| Qulayliklar',
    title: 'Qulaylik',
    menu: 'Qulayliklar',
    tile: 'Qulayliklar',
    add: 'Qulaylik qoʻshish',
    edit: 'Qulaylikni tahrirlash',
    empty: 'Hozircha qulaylik yoʻq',
    notifications: {
      created: 'Qoʻshish muvaffaqiyatli amalga oshirildi',
      updated: 'Muvaffaqiyatli tahrirlandi',
      deleted: 'Muvaffaqiyatli oʻchirildi',
    },
    fields: { id: '#', name: 'Nomi', nameTranslateId: 'Qulaylik nomi', image: 'Rasm', q: 'Qidirish' },
  },
});
