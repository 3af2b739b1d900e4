import { resourceTexts } from './define';

/** The language screen's texts in every language. */
export default resourceTexts({
  en: {
    name: 'Language |||| Languages',
    title: 'Languages',
    menu: 'Language',
    tile: 'Languages',
    add: 'Add language',
    edit: 'Edit Language',
    empty: 'There is no language yet',
    delete_warning:
      'Its %{smart_count} definition in this language is deleted with it. |||| Its %{smart_count} definitions in this language are deleted with it.',
    placeholders: { code: 'ex: uz', title: 'ex: English' },
    code_format: 'One or two letters, e.g. uz',
    notifications: {
      created: 'Language successfully created',
      updated: 'Language successfully changed',
      deleted: 'Language successfully deleted',
    },
    fields: { id: '#', image: 'Image', code: 'Code', title: 'Language', definitions: 'Definitions', createdAt: 'Created', q: 'Search' },
  },
  ru: {
    name: 'Язык |||| Языки |||| Языков',
    title: 'Языки',
    menu: 'Языки',
    tile: 'Языки',
    add: 'Добавить язык',
    edit: 'Изменить язык',
    empty: 'Языков пока нет',
    delete_warning:
      'Вместе с ним удалится %{smart_count} определение на этом языке. |||| Вместе с ним удалятся %{smart_count} определения на этом языке. |||| Вместе с ним удалятся %{smart_count} определений на этом языке.',
    placeholders: { code: 'напр.: ru', title: 'напр.: Русский' },
    code_format: 'Одна или две буквы, напр. ru',
    notifications: {
      created: 'Язык успешно создан',
      updated: 'Язык успешно изменён',
      deleted: 'Язык успешно удалён',
    },
    fields: { id: '#', image: 'Изображение', code: 'Код', title: 'Язык', definitions: 'Определения', createdAt: 'Создан', q: 'Поиск' },
  },
  uz: {
    name: 'Til |||| Tillar',
    title: 'Tillar',
    menu: 'Tillar',
    tile: 'Tillar',
    add: 'Til qoʻshish',
    edit: 'Tilni tahrirlash',
    empty: 'Hozircha til yoʻq',
    delete_warning: 'U bilan birga shu tildagi %{smart_count} ta taʼrif ham oʻchiriladi.',
    placeholders: { code: 'masalan: uz', title: 'masalan: Oʻzbek tili' },
    code_format: 'Bir yoki ikki harf, masalan: uz',
    notifications: {
      created: 'Til muvaffaqiyatli yaratildi.',
      updated: 'Til muvaffaqiyatli oʻzgartirildi',
      deleted: 'Til muvaffaqiyatli oʻchirildi',
    },
    fields: { id: '#', image: 'Rasmi', code: 'Kodi', title: 'Til', definitions: 'Taʼriflar', createdAt: 'Yaratilgan', q: 'Qidirish' },
  },
});
