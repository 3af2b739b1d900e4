import { resourceTexts } from './define';

/**
 * The permission screen's texts, and the permission catalogue's names in every language (`GET /models`, the roles'
 * permissions, the role form): a group by its registry key, a standard permission as "<action> · <group>", a special
 * one by its own text. The English ones are the registry's (`src/shared/permission-names.spec.ts` keeps them equal).
 */
export default resourceTexts({
  en: {
    name: 'Permission |||| Permissions',
    actions: { list: 'List', show: 'View one', create: 'Create', edit: 'Edit', delete: 'Delete' },
    groups: {
      language: 'Languages',
      translate: 'Translations',
      region: 'Regions',
      place: 'Places',
      comfort: 'Comforts',
      cottageType: 'Cottage types',
      cottage: 'Cottages',
      service: 'Services',
      tariff: 'Tariffs',
      order: 'Orders',
      role: 'Roles',
      permission: 'Permissions',
      user: 'Users',
      notification: 'Notifications',
      audit: 'Audit log',
      stats: 'Dashboard',
    },
    special: {
      cottage: { moderate: 'Confirm or reject cottages', premium: 'Place cottages as premium' },
      tariff: { disable: 'End a premium placement bought with a tariff' },
      order: { activate: 'Activate the premium placement of an order' },
      stats: { view: 'View the dashboard counts' },
    },
  },
  ru: {
    name: 'Разрешение |||| Разрешения |||| Разрешений',
    actions: { list: 'Список', show: 'Просмотр', create: 'Создание', edit: 'Изменение', delete: 'Удаление' },
    groups: {
      language: 'Языки',
      translate: 'Переводы',
      region: 'Регионы',
      place: 'Места',
      comfort: 'Удобства',
      cottageType: 'Типы коттеджей',
      cottage: 'Коттеджи',
      service: 'Услуги',
      tariff: 'Тарифы',
      order: 'Заказы',
      role: 'Роли',
      permission: 'Разрешения',
      user: 'Пользователи',
      notification: 'Уведомления',
      audit: 'Журнал изменений',
      stats: 'Главная панель',
    },
    special: {
      cottage: { moderate: 'Подтверждать и отклонять коттеджи', premium: 'Размещать коттеджи как премиум' },
      tariff: { disable: 'Завершать премиум-размещение, купленное по тарифу' },
      order: { activate: 'Активировать премиум-размещение заказа' },
      stats: { view: 'Видеть счётчики главной панели' },
    },
  },
  uz: {
    name: 'Ruxsat |||| Ruxsatlar',
    actions: { list: 'Roʻyxat', show: 'Koʻrish', create: 'Yaratish', edit: 'Tahrirlash', delete: 'Oʻchirish' },
    groups: {
      language: 'Tillar',
      translate: 'Tarjimalar',
      region: 'Viloyatlar',
      place: 'Joylar',
      comfort: 'Qulayliklar',
      cottageType: 'Kottej turlari',
      cottage: 'Kottejlar',
      service: 'Xizmatlar',
      tariff: 'Tariflar',
      order: 'Buyurtmalar',
      role: 'Rollar',
      permission: 'Ruxsatlar',
      user: 'Foydalanuvchilar',
      notification: 'Xabarnomalar',
      audit: 'Oʻzgarishlar jurnali',
      stats: 'Bosh panel',
    },
    special: {
      cottage: { moderate: 'Kottejlarni tasdiqlash yoki rad etish', premium: 'Kottejlarni premium sifatida joylashtirish' },
      tariff: { disable: 'Tarif bilan sotib olingan premium joylashtirishni tugatish' },
      order: { activate: 'Buyurtmaning premium joylashtirishini faollashtirish' },
      stats: { view: 'Bosh panel sonlarini koʻrish' },
    },
  },
});
