import { raUz } from './ra-uz';
import { resourcesIn } from './resources';
import type { AppMessages, Catalogue } from './types';

const uzApp = {
  app: {
    title: 'Admin Panel',
    brand: 'DACHAOL.UZ',
    menu: {
      home: 'Asosiy',
      translate: 'Tarjimalar',
      cottage: "E'lonlar",
      progress_cottages: "Jarayondagi e'lonlar",
      order: 'Buyurtma',
      services: 'Xizmatlar',
      tariff: 'Tarif',
      place: 'Joy',
      cottage_type: 'Kottej turi',
      comfort: 'Qulayliklar',
      roles: 'Rollar',
      user: 'Foydalanuvchilar',
      region: 'Viloyat',
      language: 'Tillar',
      notification: 'Xabarnoma',
      profile: 'Mening profilim',
    },
    login: {
      username: 'Foydalanuvchi nomi',
      password: 'Parol',
      username_placeholder: 'Foydalanuvchi nomini kiriting',
      password_placeholder: 'Parolni kiriting',
      submit: 'KIRISH',
      success: 'Tizimga muvaffaqiyatli kirdingiz!',
      failure: 'Nimadir xato ketdi',
    },
    user_menu: {
      profile: 'Mening profilim',
      logout: 'Chiqish',
      logged_out: 'Tizimdan muvaffaqiyatli chiqdingiz',
    },
    language: { label: 'Til' },
    not_found: {
      code: '4 0 4',
      title: 'Voy! Adashib qoldingiz.',
      text: 'Siz qidirayotgan sahifa topilmadi.',
      back: 'Bosh sahifaga qaytish',
    },
    coming_soon: {
      title: 'Tez orada',
      text: "Bu bo'lim qayta qurilmoqda va keyingi versiyada ishga tushadi.",
    },
    home: {
      title: 'Admin Panel',
      users: 'Foydalanuvchilar',
      cottages: 'Kottejlar',
      languages: 'Tillar',
      regions: 'Viloyat',
      places: 'Joy',
      comforts: 'Qulayliklar',
      notifications: 'Xabarnomalar',
    },
    delete: { confirm: "Rostdan ham o'chirmoqchimisiz?", no: "Yo'q", yes: 'Ha' },
    image: {
      missing: 'Rasm topilmadi!',
      edit: 'Rasmni tahrirlash',
      edit_title: '%{resource} rasmini tahrirlash',
      edited: 'Rasm muvaffaqiyatli tahrirlandi',
      choose: 'Rasm tanlang',
      none_chosen: 'Rasm tanlanmagan',
    },
    translation: {
      choose: 'Tarjimani tanlang',
      create: 'Yangi tarjima',
      create_title: 'Yangi tarjima',
      code: 'Tarjima kodi',
      type: 'Turi',
      types: { content: 'Kontent', error: 'Xato' },
      definition: '%{code} tarjimasi',
      created: 'Tarjima yaratildi: %{code}',
      none: "Ishlatilmagan tarjima qolmadi: + tugmasi bilan yangisini yarating",
      current: 'joriy',
    },
    error: {
      generic: 'Hatolik yuz berdi',
      network: "Server bilan aloqa yo'q. Ulanishni tekshirib, qayta urinib ko'ring.",
      forbidden: "Bu amal uchun sizda ruxsat yo'q.",
    },
    columns: { id: '#', createdAt: 'Yaratilgan', updatedAt: "O'zgartirilgan" },
    stats: { unavailable: "Sonlarni olib bo'lmadi" },
    status: {
      progress: 'Jarayonda',
      confirmed: 'Tasdiqlangan',
      rejected: 'Rad etilgan',
      active: 'Faol',
      inactive: 'Faol emas',
      success: 'Muvaffaqiyatli',
      cancelled: 'Bekor qilingan',
    },
  },
  resources: resourcesIn('uz'),
} satisfies AppMessages;

const uz: Catalogue = { ...raUz, ...uzApp };
export default uz;
