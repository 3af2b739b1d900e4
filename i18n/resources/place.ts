import { resourceTexts } from './define';

/** The place screen's texts in every language. */
export default resourceTexts({
  en: {
    name: 'Place |||| Places',
    title: 'Place',
    menu: 'Place',
    tile: 'Place',
    add: 'Add Place',
    edit: 'Edit Place',
    empty: 'There is no place yet',
    notifications: {
      created: 'Place successfully added',
      updated: 'Place name successfully changed',
      deleted: 'Place deleted',
    },
    fields: {
      id: '#',
      name: 'Name',
      nameTranslateId: 'Place name',
      regionId: 'Region',
      image: 'Image',
      q: 'Search',
    },
  },
  ru: {
    name: 'Место |||| Места |||| Мест',
    title: 'Место',
    menu: 'Места',
    tile: 'Места',
    add: 'Добавить место',
    edit: 'Изменить место',
    empty: 'Мест пока нет',
    notifications: {
      created: 'Место успешно добавлено',
      updated: 'Название места успешно изменено',
      deleted: 'Место удалено',
    },
    fields: {
      id: '#',
      name: 'Название',
      nameTranslateId: 'Название места',
      regionId: 'Область',
      image: 'Изображение',
      q: 'Поиск',
    },
  },
  uz: {
    name: 'Joy |||| Joylar',
    title: 'Joy',
    menu: 'Joy',
    tile: 'Joy',
    add: 'Joy qoʻshish',
    edit: 'Joyni tahrirlash',
    empty: 'Hozircha joy yoʻq',
    notifications: {
      created: 'Joy muvaffaqiyatli qoʻshildi',
      updated: 'Joy nomi muvaffaqiyatli oʻzgartirildi',
      deleted: 'Joy nomi oʻchirildi',
    },
    fields: {
      id: '#',
      name: 'Nomi',
      nameTranslateId: 'Joy nomi',
      regionId: 'Viloyat',
      image: 'Rasm',
      q: 'Qidirish',
    },
  },
});
