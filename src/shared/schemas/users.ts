import { z } from 'zod';
import { createSchemaOf, editSchemaOf, nonEmpty } from '../payload';
import { PASSWORD_MIN } from '../limits';
import { resources } from '../resources';

/** Login payload; `userAgent` is optional (the original required it, we only record it). */
export const loginSchema = z.object({
  username: z.string({ message: 'Username is required' }).min(1, 'Username is required').max(64),
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(256),
  userAgent: z.string().max(512).optional(),
  /** The second factor (a TOTP code or a recovery code) of a user who turned it on; other users never send it. */
  code: z.string().max(64).optional(),
});

const password = z
  .string({ message: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(256, 'Password is at most 256 characters');

/** Digits only (a leading + is dropped); 9 digits for a local Uzbek number or 12 with 998. */
const phone = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s()+-]/g, ''))
  .pipe(z.string().regex(/^\d{7,15}$/, 'Phone must contain 7 to 15 digits'));

const username = nonEmpty('Username', 64).regex(/^[\w.@-]+$/, 'Username may contain letters, digits, . _ @ and -');

/** What the registry cannot say about users: the username's characters, the password's rules, phone and e-mail forms. */
const userOddities = {
  username,
  password,
  phone: phone.optional(),
  name: z.string().trim().max(128).optional(),
  email: z.email('Must be an e-mail address').max(254).optional().or(z.literal('').transform(() => undefined)),
};

/** `balance` is the marketplace's, never written here. */
export const userCreateSchema = createSchemaOf(resources.user).omit({ balance: true }).extend(userOddities);

/** Edit: an absent or empty field changes nothing (a name may be cleared); roles, when sent, replace all of them. */
export const userEditSchema = editSchemaOf(resources.user)
  .omit({ balance: true })
  .extend({
    username: username.optional(),
    password: z.union([z.literal('').transform(() => undefined), password]).optional(),
    phone: z.union([z.literal('').transform(() => undefined), phone]).optional(),
    name: userOddities.name,
    email: z.union([z.literal('').transform(() => undefined), z.email('Must be an e-mail address').max(254)]).optional(),
  });

export const roleCreateSchema = createSchemaOf(resources.role);

/** Edit: name or permissions change only when non-empty (the spec's rule). */
export const roleEditSchema = editSchemaOf(resources.role);
