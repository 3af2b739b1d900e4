import { resourceTexts } from './define';

/** The cottage-type screen's texts in every language. */
export default resourceTexts({
  en: {
    name: 'Cottage type |||| Cottage types',
    title: 'Cottage Type',
    add: 'Add Cottage Type',
    edit: 'Edit Cottage type',
    empty: 'There is no cottage type yet',
    delete_warning: 'Cottages of this type lose it; the cottages themselves stay.',
    hides_price: 'Hides the price',
    shows_price: 'Shows the price',
    notifications: {
      created: 'Cottage type successfully added',
      updated: 'Cottage type successfully edited',
      deleted: 'Cottage type deleted',
    },
    fields: {
      id: '#',
      name: 'Name',
      nameTranslateId: 'Cottage type',
      image: 'Image',
      hidePrice: 'Hides the price (Masjid)',
      q: 'Search',
    },
  },
  ru: {
    name: 'Тип коттеджа |||| Типа коттеджей |||| Типов коттеджей',
    title: 'Тип коттеджа',
    add: 'Добавить тип коттеджа',
    edit: 'Изменить тип коттеджа',
    empty: 'Типов коттеджей пока нет',
    delete_warning: 'Коттеджи этого типа потеряют его; сами коттеджи останутся.',
    hides_price: 'Скрывает цену',
    shows_price: 'Показывает цену',
    notifications: {
      created: 'Тип коттеджа успешно добавлен',
      updated: 'Тип коттеджа успешно изменён',
      deleted: 'Тип коттеджа удалён',
    },
    fields: {
      id: '#',
      name: 'Название',
      nameTranslateId: 'Тип коттеджа',
      image: 'Изображение',
      hidePrice: 'Скрывает цену (Мечеть)',
      q: 'Поиск',
    },
  },
  uz: {
    name: 'Kottej turi |||| Kottej turlari',
    title: 'Kottej turi',
    add: 'Kottej turini qoʻshish',
    edit: 'Kottej turini tahrirlash',
    empty: 'Hozircha kottej turi yoʻq',
    delete_warning: 'Bu turdagi kottejlardan tur olib tashlanadi; kottejlarning oʻzi qoladi.',
    hides_price: 'Narxni yashiradi',
    shows_price: 'Narxni koʻrsatadi',
    notifications: {
      created: 'Dacha tipi muvaffaqiyatli qoʻshildi',
      updated: 'Dacha tipi muvaffaqiyatli tahrirlandi',
      deleted: 'Dacha tipi oʻchirildi',
    },
    fields: {
      id: '#',
      name: 'Nomi',
      nameTranslateId: 'Kottej turi',
      image: 'Rasm',
      hidePrice: 'Narxni yashiradi (Masjid)',
      q: 'Qidirish',
    },
  },
});
