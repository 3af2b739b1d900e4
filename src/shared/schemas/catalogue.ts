/**
 * Payloads of the catalogue: languages, translations, services, tariffs. Each is derived from its registry entry (see
 * `../payload.ts`); what stands here is only what the registry cannot say. Regions, places, comforts and cottage types
 * have no oddities: their schemas are the derived ones (`createSchemaOf(def)`, `editSchemaOf(def)`).
 */
import { z } from 'zod';
import { SERVICE_CODES } from '../enums';
import { blankIsAbsent, createSchemaOf, editSchemaOf } from '../payload';
import { resources } from '../resources';

// ---------------------------------------------------------------- languages

const LANGUAGE_CODE_MAX = resources.language.fields.code.max;
const languageCode = z
  .string({ message: 'Code is required' })
  .trim()
  .min(1, 'Code is required')
  .max(LANGUAGE_CODE_MAX, `Code is at most ${LANGUAGE_CODE_MAX} characters`)
  .regex(/^[a-zA-Z]+$/, 'Code may contain letters only')
  .transform((s) => s.toLowerCase());

/** The code is letters only, stored in lower case. */
export const languageCreateSchema = createSchemaOf(resources.language).extend({ code: languageCode });
export const languageEditSchema = editSchemaOf(resources.language).extend({ code: blankIsAbsent(languageCode) });

// ---------------------------------------------------------------- translations

/**
 * Definitions as a map `{uz: "…", ru: "…"}` (the original's shape), or as the list a read returns
 * (`[{value, language: {code}}]`), so an edit form can send back what it loaded.
 */
const definitionMapSchema = z.preprocess(
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

/** `status` is computed from the translation's uses, never written; definitions travel beside code and type. */
export const translationCreateSchema = createSchemaOf(resources.translate).omit({ status: true }).extend({ definition: definitionMapSchema });

/** Edit: definitions given are replaced (others kept); code and type change when sent. `status` is ignored. */
export const translationEditSchema = editSchemaOf(resources.translate).omit({ status: true }).extend({ definition: definitionMapSchema.optional() });

// ---------------------------------------------------------------- services and tariffs

/** A service carries at most this many images. */
export const MAX_SERVICE_IMAGES = 10;

const serviceCode = z.enum(SERVICE_CODES, { message: `Code must be one of ${SERVICE_CODES.join(', ')}` });

/** Multipart: the code travels as `code` (read back as `serviceCode`, which is accepted too). */
const serviceFields = { code: blankIsAbsent(serviceCode), serviceCode: blankIsAbsent(serviceCode) };

export const serviceCreateSchema = createSchemaOf(resources.service)
  .extend(serviceFields)
  .transform(({ serviceCode: alias, code, ...rest }) => ({ ...rest, code: code ?? alias }))
  .pipe(z.object({ name: z.string(), description: z.string(), code: serviceCode }));

/** Edit: an empty field changes nothing; new images replace the old ones. */
export const serviceEditSchema = editSchemaOf(resources.service)
  .extend(serviceFields)
  .transform(({ serviceCode: alias, code, ...rest }) => ({ ...rest, code: code ?? alias }));

export const tariffCreateSchema = createSchemaOf(resources.tariff);

/** Edit: days, price, description (and type); an absent or empty field changes nothing. The service cannot change. */
export const tariffEditSchema = editSchemaOf(resources.tariff).omit({ service_id: true });

export const tariffDisableSchema = z.object({
  cottageId: z.uuid({ message: 'cottageId must be a cottage id' }),
  tariffId: z.uuid({ message: 'tariffId must be a tariff id' }),
});
