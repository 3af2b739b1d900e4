import { resourceTexts } from './define';

/** The region screen's texts in every language. */
export default resourceTexts({
  en: {
    name: 'Region |||| Regions',
    title: 'Region',
    menu: 'Region',
    tile: 'Region',
    add: 'Add Region',
    edit: 'Edit Region',
    empty: 'There is no region yet',
    notifications: {
      created: 'Region successfully created',
      updated: 'Region name successfully changed',
      deleted: 'Region successfully deleted',
    },
    fields: { id: '#', name: 'Name', nameTranslateId: 'Region name', q: 'Search' },
  },
  ru: {
    name: 'Область |||| Области |||| Областей',
    title: 'Области',
    menu: 'Области',
    tile: 'Области',
    add: 'Добавить область',
    edit: 'Изменить область',
    empty: 'Областей пока нет',
    notifications: {
      created: 'Область успешно создана',
      updated: 'Название области успешно изменено',
      deleted: 'Область успешно удалена',
    },
    fields: { id: '#', name: 'Название', nameTranslateId: 'Название области', q: 'Поиск' },
  },
  uz: {
    name: 'Viloyat |||| Viloyatlar',
    title: 'Viloyat',
    menu: 'Viloyat',
    tile: 'Viloyat',
    add: 'Viloyat qoʻshish',
    edit: 'Viloyatni tahrirlash',
    empty: 'Hozircha viloyat yoʻq',
    notifications: {
      created: 'Viloyat muvaffaqiyatli yaratildi',
      updated: 'Viloyat nomi muvaffaqiyatli oʻzgartirildi',
      deleted: 'Viloyat muvaffaqiyatli oʻchirildi.',
    },
    fields: { id: '#', name: 'Nomi', nameTranslateId: 'Viloyat nomi', q: 'Qidirish' },
  },
});
