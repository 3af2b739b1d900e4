/** Building blocks of the payload schemas, shared by the server's validation and the admin's forms. */
import { z } from 'zod';

export const uuid = z.uuid({ message: 'Must be a valid id' });
export const idParams = z.object({ id: z.string().min(1) });

/** Numbers arrive as JSON numbers or, from forms, as strings of digits. */
export const numberLike = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.number({ message: 'Must be a number' }).finite(),
);

/** A list that multipart sends as a repeated field, a single value, or JSON. */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v === 'string' && v.trim().startsWith('[')) {
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    }
    return Array.isArray(v) ? v : [v];
  }, z.array(item).optional());

export const nonEmpty = (label: string, max = 255) =>
  z.string({ message: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} is at most ${max} characters`);
