/**
 * What the demo shows: Uzbekistan's regions with real places and their coordinates, and the catalogue around them.
 * Every name is given in uz, ru and en. Coordinates are the places' centres (WGS 84), cottages are scattered nearby.
 */
export type Texts = { uz: string; ru: string; en: string };

interface DemoPlace {
  key: string;
  name: Texts;
  lat: number;
  lng: number;
  /** Resort areas get more cottages. */
  weight: number;
}
interface DemoRegion {
  key: string;
  name: Texts;
  places: DemoPlace[];
}

const p = (key: string, uz: string, ru: string, en: string, lat: number, lng: number, weight = 1): DemoPlace => ({
  key,
  name: { uz, ru, en },
  lat,
  lng,
  weight,
});

export const REGIONS: DemoRegion[] = [
  {
    key: 'tashkent_region',
    name: { uz: 'Toshkent viloyati', ru: 'Ташкентская область', en: 'Tashkent Region' },
    places: [
      p('chorvoq', 'Chorvoq', 'Чарвак', 'Charvak', 41.6236, 69.9417, 6),
      p('chimgan', 'Chimyon', 'Чимган', 'Chimgan', 41.5533, 70.0169, 5),
      p('humsan', 'Xumson', 'Хумсан', 'Khumsan', 41.7036, 70.0383, 3),
      p('sijjak', 'Sijjak', 'Сиджак', 'Sijjak', 41.6594, 70.0217, 3),
      p('parkent', 'Parkent', 'Паркент', 'Parkent', 41.2944, 69.6764, 2),
    ],
  },
  {
    key: 'tashkent_city',
    name: { uz: 'Toshkent shahri', ru: 'город Ташкент', en: 'Tashkent City' },
    places: [
      p('yunusobod', 'Yunusobod', 'Юнусабад', 'Yunusabad', 41.3650, 69.2870, 2),
      p('mirzo_ulugbek', 'Mirzo Ulugʻbek', 'Мирзо-Улугбек', 'Mirzo Ulugbek', 41.3386, 69.3347, 1),
      p('chilonzor', 'Chilonzor', 'Чиланзар', 'Chilanzar', 41.2756, 69.2034, 1),
    ],
  },
  {
    key: 'samarkand',
    name: { uz: 'Samarqand viloyati', ru: 'Самаркандская область', en: 'Samarkand Region' },
    places: [
      p('samarkand_city', 'Samarqand', 'Самарканд', 'Samarkand', 39.6542, 66.9597, 2),
      p('urgut', 'Urgut', 'Ургут', 'Urgut', 39.4022, 67.2431, 2),
      p('omonqoton', 'Omonqoʻton', 'Аманкутан', 'Amankutan', 39.3167, 66.9167, 2),
    ],
  },
  {
    key: 'jizzakh',
    name: { uz: 'Jizzax viloyati', ru: 'Джизакская область', en: 'Jizzakh Region' },
    places: [
      p('zomin', 'Zomin', 'Заамин', 'Zaamin', 39.9600, 68.3950, 4),
      p('aydarkul', 'Aydarkoʻl', 'Айдаркуль', 'Aydarkul Lake', 40.9000, 66.8000, 2),
    ],
  },
  {
    key: 'fergana',
    name: { uz: 'Fargʻona viloyati', ru: 'Ферганская область', en: 'Fergana Region' },
    places: [
      p('shohimardon', 'Shohimardon', 'Шахимардан', 'Shakhimardan', 39.9833, 71.8000, 3),
      p('fergana_city', 'Fargʻona', 'Фергана', 'Fergana', 40.3864, 71.7864, 1),
      p('margilan', 'Margʻilon', 'Маргилан', 'Margilan', 40.4717, 71.7247, 1),
    ],
  },
  {
    key: 'namangan',
    name: { uz: 'Namangan viloyati', ru: 'Наманганская область', en: 'Namangan Region' },
    places: [
      p('chortoq', 'Chortoq', 'Чартак', 'Chartak', 41.0694, 71.8233, 2),
      p('namangan_city', 'Namangan', 'Наманган', 'Namangan', 40.9983, 71.6726, 1),
    ],
  },
  {
    key: 'andijan',
    name: { uz: 'Andijon viloyati', ru: 'Андижанская область', en: 'Andijan Region' },
    places: [
      p('andijan_city', 'Andijon', 'Андижан', 'Andijan', 40.7821, 72.3442, 1),
      p('xonobod', 'Xonobod', 'Ханабад', 'Khanabad', 40.8011, 73.0014, 1),
    ],
  },
  {
    key: 'bukhara',
    name: { uz: 'Buxoro viloyati', ru: 'Бухарская область', en: 'Bukhara Region' },
    places: [
      p('bukhara_city', 'Buxoro', 'Бухара', 'Bukhara', 39.7747, 64.4286, 2),
      p('gijduvon', 'Gʻijduvon', 'Гиждуван', 'Gijduvan', 40.1000, 64.6833, 1),
    ],
  },
  {
    key: 'kashkadarya',
    name: { uz: 'Qashqadaryo viloyati', ru: 'Кашкадарьинская область', en: 'Kashkadarya Region' },
    places: [
      p('shahrisabz', 'Shahrisabz', 'Шахрисабз', 'Shahrisabz', 39.0578, 66.8342, 2),
      p('qarshi', 'Qarshi', 'Карши', 'Karshi', 38.8606, 65.7891, 1),
    ],
  },
  {
    key: 'surkhandarya',
    name: { uz: 'Surxondaryo viloyati', ru: 'Сурхандарьинская область', en: 'Surkhandarya Region' },
    places: [
      p('termez', 'Termiz', 'Термез', 'Termez', 37.2242, 67.2783, 1),
      p('boysun', 'Boysun', 'Байсун', 'Baysun', 38.2061, 67.2000, 1),
    ],
  },
  {
    key: 'navoi',
    name: { uz: 'Navoiy viloyati', ru: 'Навоийская область', en: 'Navoi Region' },
    places: [
      p('navoi_city', 'Navoiy', 'Навои', 'Navoi', 40.0844, 65.3792, 1),
      p('nurota', 'Nurota', 'Нурата', 'Nurata', 40.5614, 65.6886, 1),
    ],
  },
  {
    key: 'khorezm',
    name: { uz: 'Xorazm viloyati', ru: 'Хорезмская область', en: 'Khorezm Region' },
    places: [
      p('khiva', 'Xiva', 'Хива', 'Khiva', 41.3783, 60.3639, 2),
      p('urgench', 'Urganch', 'Ургенч', 'Urgench', 41.5500, 60.6333, 1),
    ],
  },
  {
    key: 'syrdarya',
    name: { uz: 'Sirdaryo viloyati', ru: 'Сырдарьинская область', en: 'Syrdarya Region' },
    places: [p('gulistan', 'Guliston', 'Гулистан', 'Gulistan', 40.4897, 68.7842, 1)],
  },
  {
    key: 'karakalpakstan',
    name: { uz: 'Qoraqalpogʻiston Respublikasi', ru: 'Республика Каракалпакстан', en: 'Republic of Karakalpakstan' },
    places: [
      p('nukus', 'Nukus', 'Нукус', 'Nukus', 42.4600, 59.6100, 1),
      p('moynaq', 'Moʻynoq', 'Муйнак', 'Muynak', 43.7683, 59.0214, 1),
    ],
  },
];

export const COMFORTS: { key: string; name: Texts; color: string }[] = [
  { key: 'wifi', name: { uz: 'Wi-Fi', ru: 'Wi-Fi', en: 'Wi-Fi' }, color: '#1e88e5' },
  { key: 'pool', name: { uz: 'Basseyn', ru: 'Бассейн', en: 'Swimming pool' }, color: '#00acc1' },
  { key: 'sauna', name: { uz: 'Sauna', ru: 'Сауна', en: 'Sauna' }, color: '#e53935' },
  { key: 'air_conditioning', name: { uz: 'Konditsioner', ru: 'Кондиционер', en: 'Air conditioning' }, color: '#039be5' },
  { key: 'parking', name: { uz: 'Avtoturargoh', ru: 'Парковка', en: 'Parking' }, color: '#5e35b1' },
  { key: 'barbecue', name: { uz: 'Mangal', ru: 'Мангал', en: 'Barbecue' }, color: '#f4511e' },
  { key: 'kitchen', name: { uz: 'Oshxona', ru: 'Кухня', en: 'Kitchen' }, color: '#6d4c41' },
  { key: 'billiards', name: { uz: 'Bilyard', ru: 'Бильярд', en: 'Billiards' }, color: '#43a047' },
  { key: 'playground', name: { uz: 'Bolalar maydonchasi', ru: 'Детская площадка', en: 'Playground' }, color: '#fdd835' },
  { key: 'tv', name: { uz: 'Televizor', ru: 'Телевизор', en: 'TV' }, color: '#546e7a' },
  { key: 'tapchan', name: { uz: 'Supa', ru: 'Топчан', en: 'Tapchan' }, color: '#8d6e63' },
];

export const COTTAGE_TYPES: { key: string; name: Texts; hidePrice: boolean; color: string; noun: string }[] = [
  { key: 'dacha', name: { uz: 'Dacha', ru: 'Дача', en: 'Dacha' }, hidePrice: false, color: '#7cb342', noun: 'dacha' },
  { key: 'villa', name: { uz: 'Villa', ru: 'Вилла', en: 'Villa' }, hidePrice: false, color: '#8e24aa', noun: 'villa' },
  { key: 'cottage', name: { uz: 'Kottej', ru: 'Коттедж', en: 'Cottage' }, hidePrice: false, color: '#fb8c00', noun: 'kottej' },
  { key: 'guest_house', name: { uz: 'Mehmon uyi', ru: 'Гостевой дом', en: 'Guest house' }, hidePrice: false, color: '#3949ab', noun: 'mehmon uyi' },
  { key: 'hotel', name: { uz: 'Mehmonxona', ru: 'Гостиница', en: 'Hotel' }, hidePrice: false, color: '#00897b', noun: 'mehmonxona' },
  { key: 'sanatorium', name: { uz: 'Sanatoriy', ru: 'Санаторий', en: 'Sanatorium' }, hidePrice: false, color: '#c0ca33', noun: 'sanatoriy' },
  // The spec's type whose cottages show "Masjid" instead of a price: a flag here, not a hard-coded id.
  { key: 'mosque', name: { uz: 'Masjid', ru: 'Мечеть', en: 'Mosque' }, hidePrice: true, color: '#26a69a', noun: 'masjid' },
];

export const SERVICES: { key: string; code: 'top' | 'recommended'; name: Texts; description: Texts; tariffs: { key: string; days: number; price: number; type: Texts; description: Texts }[] }[] = [
  {
    key: 'top',
    code: 'top',
    name: { uz: 'TOP eʼlon', ru: 'ТОП-объявление', en: 'Top listing' },
    description: {
      uz: 'Eʼloningiz qidiruv natijalarining eng yuqorisida koʻrsatiladi',
      ru: 'Ваше объявление показывается в самом верху результатов поиска',
      en: 'Your listing is shown at the very top of search results',
    },
    tariffs: [
      { key: 'top_week', days: 7, price: 49000, type: { uz: '1 hafta', ru: '1 неделя', en: '1 week' }, description: { uz: 'Bir hafta TOPda', ru: 'Неделя в ТОПе', en: 'One week on top' } },
      { key: 'top_two_weeks', days: 14, price: 89000, type: { uz: '2 hafta', ru: '2 недели', en: '2 weeks' }, description: { uz: 'Ikki hafta TOPda', ru: 'Две недели в ТОПе', en: 'Two weeks on top' } },
      { key: 'top_month', days: 30, price: 159000, type: { uz: '1 oy', ru: '1 месяц', en: '1 month' }, description: { uz: 'Bir oy TOPda', ru: 'Месяц в ТОПе', en: 'One month on top' } },
    ],
  },
  {
    key: 'recommended',
    code: 'recommended',
    name: { uz: 'Tavsiya etilgan', ru: 'Рекомендуемое', en: 'Recommended' },
    description: {
      uz: 'Eʼlon bosh sahifadagi “Tavsiya etamiz” boʻlimida chiqadi',
      ru: 'Объявление попадает в раздел «Рекомендуем» на главной странице',
      en: 'The listing appears in the “We recommend” section of the home page',
    },
    tariffs: [
      { key: 'rec_week', days: 7, price: 39000, type: { uz: '1 hafta', ru: '1 неделя', en: '1 week' }, description: { uz: 'Bir hafta tavsiyada', ru: 'Неделя в рекомендациях', en: 'One week recommended' } },
      { key: 'rec_month', days: 30, price: 129000, type: { uz: '1 oy', ru: '1 месяц', en: '1 month' }, description: { uz: 'Bir oy tavsiyada', ru: 'Месяц в рекомендациях', en: 'One month recommended' } },
    ],
  },
];

/** First words of cottage names (the name is plain text, as owners type it). */
export const NAME_WORDS = [
  'Oqtosh', 'Bahor', 'Yashil vodiy', 'Togʻ havosi', 'Sokin oqshom', 'Koʻl boʻyi', 'Archazor', 'Olmazor', 'Quyoshli',
  'Zilol suv', 'Chinor', 'Bogʻi Eram', 'Nurafshon', 'Oltin kuz', 'Shabboda', 'Tulpor', 'Sharshara', 'Moviy osmon',
  'Lola', 'Navbahor',
];

export const DESCRIPTIONS = [
  'Togʻ etagida, daryo boʻyida joylashgan shinam dam olish maskani. Oilaviy dam olish uchun barcha sharoitlar mavjud.',
  "Katta hovli, yozgi supa va mangal. Shahar shovqinidan uzoqda, toza havoda hordiq chiqaring.",
  'Yangi taʼmirlangan uy: uchta yotoqxona, keng mehmonxona va jihozlangan oshxona.',
  'Suv havzasi boʻyidagi dacha: ertalab baliq ovi, kechqurun gulxan atrofida suhbat.',
  'Bolalar uchun oʻyin maydonchasi va yopiq basseyn. Dam olish kunlari oldindan band qiling.',
  "Tarixiy shahar markaziga yaqin mehmon uyi: milliy uslubdagi xonalar va nonushta.",
];

/** Sentences added to a description, three per cottage in a combination of its own (no two owners' texts alike). */
export const DESCRIPTION_DETAILS = [
  'Hovlida katta yongʻoq daraxti bor, yozda uning soyasida choy ichish yoqimli.',
  'Oshxonada gaz plitasi, muzlatgich va idish yuvish mashinasi oʻrnatilgan.',
  'Yaqin atrofda bozor, dorixona va kichik doʻkonlar joylashgan.',
  'Mehmonlar uchun bepul simsiz internet va avtomobil turargohi mavjud.',
  'Kechqurun ayvonda oʻtirib togʻlar manzarasini tomosha qilishingiz mumkin.',
  'Uy atrofida gulzor va uzumzor, kuzda mevalarni oʻzingiz uzasiz.',
  'Qishda pech bilan isitiladi, issiq suv doimiy beriladi.',
  'Daryo tomonga piyoda yoʻlak olib boradi, baliq tutish uchun qulay joy.',
  'Uy hayvonlari bilan kelish mumkin, hovli toʻliq oʻralgan.',
  'Katta guruhlar va toʻy-tantanalar uchun alohida zal ijaraga beriladi.',
  'Velosipedlar va stol tennisi mehmonlarga tekin taqdim etiladi.',
  'Mezbonlar milliy taomlar tayyorlab berishadi, palov buyurtma qilsa boʻladi.',
];

export const PEOPLE: { name: string; username: string; phone: string }[] = [
  { name: 'Aziz Karimov', username: 'aziz.karimov', phone: '901234567' },
  { name: 'Dilnoza Rahimova', username: 'dilnoza.r', phone: '911112233' },
  { name: 'Jasur Toshmatov', username: 'jasur.t', phone: '935556677' },
  { name: 'Malika Yusupova', username: 'malika.y', phone: '977778899' },
  { name: 'Sardor Aliyev', username: 'sardor.a', phone: '998887766' },
  { name: 'Nodira Ergasheva', username: 'nodira.e', phone: '946665544' },
  { name: 'Bekzod Hasanov', username: 'bekzod.h', phone: '903334455' },
  { name: 'Gulnora Saidova', username: 'gulnora.s', phone: '917776655' },
];

export const NOTIFICATIONS = {
  public: [
    'Hurmatli foydalanuvchilar! Yozgi mavsum boshlandi — dachangizni hoziroq eʼlon qiling.',
    'Navroʻz bayrami muborak! Bayram kunlari uchun maxsus chegirmalar.',
    'Ilovaning yangi versiyasi: xaritadan qidirish qoʻshildi.',
  ],
  personal: [
    'Eʼloningiz tasdiqlandi va saytda koʻrsatilmoqda.',
    'Toʻlovingiz qabul qilindi, eʼloningiz TOPga chiqarildi.',
    'Eʼloningizdagi rasmlarni yangilashingizni soʻraymiz.',
  ],
};
