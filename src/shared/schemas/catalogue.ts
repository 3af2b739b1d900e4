/**
 * Payloads of the catalogue: languages, translations, regions, places, comforts, cottage types, services, tariffs.
 * Multipart forms arrive as strings, so numbers and booleans accept their string forms too.
 */
import { z } from 'zod';
import { SERVICE_CODES, TRANSLATION_TYPES } from '../enums';
import { nonEmpty, numberLike, uuid } from './common';

/** An empty string, null or absence: "leave it as it is" on edits. */
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const optionalOnEdit = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());

/** A translation id: what every translated field is written as. */
export const translationId = (label: string) => z.uuid({ message: `${label} must be a translation id` });

// ---------------------------------------------------------------- languages

export const LANGUAGE_CODE_MAX = 2;
const languageCode = z
  .string({ message: 'Code is required' })
  .trim()
  .min(1, 'Code is required')
  .max(LANGUAGE_CODE_MAX, `Code is at most ${LANGUAGE_CODE_MAX} characters`)
  .regex(/^[a-zA-Z]+$/, 'Code may contain letters only')
  .transform((s) => s.toLowerCase());

export const languageCreateSchema = z.object({
  code: languageCode,
  title: nonEmpty('Title', 64),
});

/** Edit: an empty field changes nothing. */
export const languageEditSchema = z.object({
  code: optionalOnEdit(languageCode),
  title: optionalOnEdit(nonEmpty('Title', 64)),
});

// ---------------------------------------------------------------- translations

/**
 * Definitions as a map `{uz: "…", ru: "…"}` (the original's shape), or as the list a read returns
 * (`[{value, language: {code}}]`), so an edit form can send back what it loaded.
 */
export const definitionMapSchema = z.preprocess(
  (v) => {
    if (!Array.isArray(v)) return v;
    const map: Record<string, unknown> = {};
    for (const item of v) {
      if (!item || typeof item !== 'object') return v;
      const entry = item as { value?: unknown; language?: { code?: unknown }; code?: unknown };
      const code = entry.language?.code ?? entry.code;
      if (typeof code !== 'string') return v;
      map[code] = entry.value;
    }
    return map;
  },
  z.record(
    z.string(),
    z.string({ message: 'Each definition must be text' }).trim().max(5000, 'A definition is at most 5000 characters'),
    { message: 'definition must map language codes to text, e.g. {"uz": "…", "ru": "…"}' },
  ),
);

const translationCode = nonEmpty('Code', 128);
const translationType = z.enum(TRANSLATION_TYPES, { message: `Type must be one of ${TRANSLATION_TYPES.join(', ')}` });

export const translationCreateSchema = z.object({
  code: translationCode,
  type: translationType,
  definition: definitionMapSchema,
});

/** Edit: definitions given are replaced (others kept); code and type change when sent. `status` is computed, ignored. */
export const translationEditSchema = z.object({
  code: optionalOnEdit(translationCode),
  type: optionalOnEdit(translationType),
  definition: definitionMapSchema.optional(),
});

// ---------------------------------------------------------------- regions, places, comforts, cottage types

const booleanLike = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const s = v.trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(s)) return true;
  if (['false', '0', 'off', 'no'].includes(s)) return false;
  return v;
}, z.boolean({ message: 'Must be true or false' }));

export const namedCreateSchema = z.object({ name: translationId('Name') });
export const namedEditSchema = z.object({ name: optionalOnEdit(translationId('Name')) });

export const placeCreateSchema = namedCreateSchema.extend({ regionId: uuid.describe('The region of the place') });
export const placeEditSchema = namedEditSchema.extend({ regionId: optionalOnEdit(uuid) });

export const cottageTypeCreateSchema = namedCreateSchema.extend({ hidePrice: optionalOnEdit(booleanLike) });
export const cottageTypeEditSchema = namedEditSchema.extend({ hidePrice: optionalOnEdit(booleanLike) });

// ---------------------------------------------------------------- services and tariffs

/** A service carries at most this many images. */
export const MAX_SERVICE_IMAGES = 10;

const serviceCode = z.enum(SERVICE_CODES, { message: `Code must be one of ${SERVICE_CODES.join(', ')}` });

/** Multipart: `code` (stored and read back as `serviceCode`; `serviceCode` is accepted too). */
export const serviceCreateSchema = z
  .object({
    name: translationId('Name'),
    description: translationId('Description'),
    code: optionalOnEdit(serviceCode),
    serviceCode: optionalOnEdit(serviceCode),
  })
  .transform(({ serviceCode: alias, code, ...rest }) => ({ ...rest, code: code ?? alias }))
  .pipe(
    z.object({
      name: z.string(),
      description: z.string(),
      code: serviceCode,
    }),
  );

/** Edit: an empty field changes nothing; new images replace the old ones. */
export const serviceEditSchema = z
  .object({
    name: optionalOnEdit(translationId('Name')),
    description: optionalOnEdit(translationId('Description')),
    code: optionalOnEdit(serviceCode),
    serviceCode: optionalOnEdit(serviceCode),
  })
  .transform(({ serviceCode: alias, code, ...rest }) => ({ ...rest, code: code ?? alias }));

const days = numberLike.pipe(z.number().int('Days must be a whole number').min(1, 'Days must be at least 1').max(3650, 'Days are at most 3650'));
const price = numberLike.pipe(z.number().int('Price must be a whole number').min(0, 'Price cannot be negative').max(2_000_000_000, 'Price is too large'));

export const tariffCreateSchema = z.object({
  days,
  price,
  type: translationId('Type'),
  description: translationId('Description'),
  service_id: z.uuid({ message: 'service_id must be a service id' }),
});

/** Edit: days, price, description (and type); an absent or empty field changes nothing. The service cannot change. */
export const tariffEditSchema = z.object({
  days: optionalOnEdit(days),
  price: optionalOnEdit(price),
  type: optionalOnEdit(translationId('Type')),
  description: optionalOnEdit(translationId('Description')),
});

export const tariffDisableSchema = z.object({
  cottageId: z.uuid({ message: 'cottageId must be a cottage id' }),
  tariffId: z.uuid({ message: 'tariffId must be a tariff id' }),
});
