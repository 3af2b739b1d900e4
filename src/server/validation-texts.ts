/**
 * Validation problems in the reader's language (issue #34, item 2). The payload schemas are shared with the panel and
 * speak English ("Password is required", "Must be a number"); the English stays each problem's key and its text for a
 * reader of English, byte for byte. For uz and ru a problem is rendered from its kind: one of the schemas' own
 * wordings below (the field's English label left out: `fields` and the message name the field by its key), or else
 * zod's issue code with its parameters (expected type, bounds, allowed values). A problem never reaches uz or ru in
 * English.
 */
import { said, type Said, type Texts } from './messages';

/** What the error plugin, a form and an import know of a zod issue. */
export interface IssueLike {
  code?: string;
  message?: string;
  expected?: unknown;
  input?: unknown;
  origin?: unknown;
  maximum?: unknown;
  minimum?: unknown;
  values?: unknown;
  keys?: unknown;
  format?: unknown;
}

type Texts2 = Readonly<{ uz: string; ru: string }>;
const T = {
  required: { uz: 'Toʻldirilishi shart', ru: 'Обязательное поле' },
  enterCode: { uz: 'Kodni kiriting', ru: 'Введите код' },
  atMostChars: { uz: 'Koʻpi bilan {n} ta belgi', ru: 'Не более {n} символов' },
  atLeastChars: { uz: 'Kamida {n} ta belgi', ru: 'Не менее {n} символов' },
  atMostItems: { uz: 'Koʻpi bilan {n} ta', ru: 'Не более {n} элементов' },
  atLeastItems: { uz: 'Kamida {n} ta', ru: 'Не менее {n} элементов' },
  atMost: { uz: 'Koʻpi bilan {n}', ru: 'Не более {n}' },
  atLeast: { uz: 'Kamida {n}', ru: 'Не менее {n}' },
  between: { uz: '{a} dan {b} gacha boʻlishi kerak', ru: 'Должно быть от {a} до {b}' },
  notNegative: { uz: 'Manfiy boʻlishi mumkin emas', ru: 'Не может быть отрицательным' },
  number: { uz: 'Son boʻlishi kerak', ru: 'Должно быть числом' },
  wholeNumber: { uz: 'Butun son boʻlishi kerak', ru: 'Должно быть целым числом' },
  boolean: { uz: 'true yoki false boʻlishi kerak', ru: 'Должно быть true или false' },
  text: { uz: 'Matn boʻlishi kerak', ru: 'Должно быть текстом' },
  id: { uz: 'Notoʻgʻri identifikator', ru: 'Неверный идентификатор' },
  translationId: { uz: 'Tarjimani tanlang (tarjima identifikatori kerak)', ru: 'Выберите перевод (нужен идентификатор перевода)' },
  oneOf: { uz: 'Quyidagilardan biri boʻlishi kerak: {values}', ru: 'Допустимые значения: {values}' },
  email: { uz: 'Elektron pochta manzili boʻlishi kerak', ru: 'Должен быть адрес электронной почты' },
  definition: { uz: 'Tillar kodlari boʻyicha matnlar kerak, masalan {"uz": "…", "ru": "…"}', ru: 'Нужны тексты по кодам языков, например {"uz": "…", "ru": "…"}' },
  location: { uz: 'Joylashuv {latitude, longitude} koʻrinishida boʻlishi kerak', ru: 'Местоположение должно быть вида {latitude, longitude}' },
  personal: { uz: 'Shaxsiy bildirishnoma uchun foydalanuvchini tanlang', ru: 'Для личного уведомления выберите пользователя' },
  public: { uz: 'Ommaviy bildirishnoma hammaga yuboriladi: foydalanuvchini boʻsh qoldiring', ru: 'Общее уведомление — для всех: оставьте пользователя пустым' },
  username: { uz: 'Foydalanuvchi nomida faqat harflar, raqamlar, . _ @ va - boʻlishi mumkin', ru: 'Имя пользователя может содержать буквы, цифры, . _ @ и -' },
  lettersOnly: { uz: 'Faqat harflar boʻlishi mumkin', ru: 'Допустимы только буквы' },
  sortOrder: { uz: 'ASC yoki DESC boʻlishi kerak', ru: 'Должно быть ASC или DESC' },
  object: { uz: 'Obyekt boʻlishi kerak', ru: 'Должно быть объектом' },
  kilobytes: { uz: 'Koʻpi bilan {n} kB', ru: 'Не более {n} КБ' },
  selectOne: { uz: 'Kamida bitta yozuvni tanlang', ru: 'Выберите хотя бы одну запись' },
  recordsAtOnce: { uz: 'Bir martada koʻpi bilan {n} ta yozuv', ru: 'Не более {n} записей за раз' },
  idOnce: { uz: 'Har bir identifikator bir martagina', ru: 'Каждый идентификатор — только один раз' },
  textInOneLanguage: { uz: 'Majburiy: matnni kamida bitta tilda kiriting', ru: 'Обязательно: укажите текст хотя бы на одном языке' },
  // By zod's issue code, for a problem the schemas word in zod's own English.
  expected: { uz: 'Notoʻgʻri qiymat: {expected} kerak', ru: 'Неверное значение: нужно {expected}' },
  format: { uz: 'Notoʻgʻri format', ru: 'Неверный формат' },
  unknownKeys: { uz: 'Nomaʼlum maydonlar: {keys}', ru: 'Неизвестные поля: {keys}' },
  invalid: { uz: 'Notoʻgʻri qiymat', ru: 'Неверное значение' },
} as const satisfies Record<string, Texts2>;

/** Zod's type names as a reader says them. */
const TYPES: Record<string, Texts2> = {
  string: { uz: 'matn', ru: 'текст' },
  number: { uz: 'son', ru: 'число' },
  int: { uz: 'butun son', ru: 'целое число' },
  boolean: { uz: 'true yoki false', ru: 'true или false' },
  array: { uz: 'roʻyxat', ru: 'список' },
  object: { uz: 'obyekt', ru: 'объект' },
  record: { uz: 'obyekt', ru: 'объект' },
};

type Rule = readonly [RegExp, Texts2, ((m: RegExpExecArray) => Record<string, string>)?];
/** The schemas' own wordings (`src/shared/payload.ts`, `src/shared/schemas/`, the routes' schemas). */
const RULES: readonly Rule[] = [
  [/^Enter the code$/, T.enterCode],
  [/^Required: give the text in at least one language$/, T.textInOneLanguage],
  [/ is required$/, T.required],
  [/ (?:is|must be) at most (\d+) characters$/, T.atMostChars, (m) => ({ n: m[1] })],
  [/ (?:is|must be) at least (\d+) characters$/, T.atLeastChars, (m) => ({ n: m[1] })],
  [/^The saved query is at most (\d+) kB$/, T.kilobytes, (m) => ({ n: m[1] })],
  [/ (?:is|must be) at most (-?\d+)$/, T.atMost, (m) => ({ n: m[1] })],
  [/ (?:is|must be) at least (-?\d+)$/, T.atLeast, (m) => ({ n: m[1] })],
  [/ is between (-?\d+) and (-?\d+)$/, T.between, (m) => ({ a: m[1], b: m[2] })],
  [/ cannot be negative$/, T.notNegative],
  [/(?:^| )[Mm]ust be a number$/, T.number],
  [/(?:^| )[Mm]ust be a whole number$/, T.wholeNumber],
  [/^Must be true or false$/, T.boolean],
  [/ must be text$/, T.text],
  [/ must be a translation id$/, T.translationId],
  [/(?:^| )[Mm]ust be a (?:valid|\w+) id$/, T.id],
  [/(?:^| )[Mm]ust be one of (.+)$/, T.oneOf, (m) => ({ values: m[1] })],
  [/^Must be an e-mail address$/, T.email],
  [/^definition must map language codes to text/, T.definition],
  [/^location must be \{latitude, longitude\}$/, T.location],
  [/^A personal notification needs a user$/, T.personal],
  [/^A public notification is for everyone/, T.public],
  [/^Username may contain /, T.username],
  [/ may contain letters only$/, T.lettersOnly],
  [/ is ASC or DESC$/, T.sortOrder],
  [/ must be an object$/, T.object],
  [/^Select at least one record$/, T.selectOne],
  [/^At most (\d+) records at once$/, T.recordsAtOnce, (m) => ({ n: m[1] })],
  [/^Each id at most once$/, T.idOnce],
];

const ENGLISH_AS_IS: Texts['en'] = '{english}';
const texts = (t: Texts2): Texts => ({ uz: t.uz, ru: t.ru, en: ENGLISH_AS_IS });
const typeName = (name: string) => said(texts(TYPES[name] ?? TYPES.string), { english: name });

/** By zod's issue code: the rule a schema's message did not match. */
function byCode(issue: IssueLike): readonly [Texts2, Record<string, string | Said>] {
  const n = (v: unknown) => String(typeof v === 'bigint' ? v : Number(v));
  switch (issue.code) {
    case 'invalid_type': {
      // Zod leaves the input out of its issues unless asked; its own English says what it received.
      const received = /received (\w+)$/.exec(issue.message ?? '')?.[1];
      if (received === 'undefined' || (!received && issue.input === undefined)) return [T.required, {}];
      if (typeof issue.expected === 'string' && TYPES[issue.expected]) return [T.expected, { expected: typeName(issue.expected) }];
      return [T.invalid, {}];
    }
    case 'too_big':
      return [issue.origin === 'string' ? T.atMostChars : issue.origin === 'array' || issue.origin === 'set' ? T.atMostItems : T.atMost, { n: n(issue.maximum) }];
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return [T.required, {}];
      return [issue.origin === 'string' ? T.atLeastChars : issue.origin === 'array' || issue.origin === 'set' ? T.atLeastItems : T.atLeast, { n: n(issue.minimum) }];
    case 'invalid_value':
      return Array.isArray(issue.values) ? [T.oneOf, { values: issue.values.map(String).join(', ') }] : [T.invalid, {}];
    case 'invalid_format':
      return [issue.format === 'uuid' || issue.format === 'guid' ? T.id : issue.format === 'email' ? T.email : T.format, {}];
    case 'unrecognized_keys':
      return [T.unknownKeys, { keys: Array.isArray(issue.keys) ? issue.keys.map((k) => `"${String(k).slice(0, 64)}"`).join(', ') : '' }];
    default:
      return [T.invalid, {}];
  }
}

/** A validation problem as a message: its English as it was, uz and ru by its wording or its kind. */
export function validationMessage(issue: IssueLike): Said {
  const english = issue.message ?? 'Invalid value';
  for (const [pattern, t, params] of RULES) {
    const m = pattern.exec(english);
    if (m) return said(texts(t), { english, ...params?.(m) });
  }
  const [t, params] = byCode(issue);
  return said(texts(t), { english, ...params });
}
