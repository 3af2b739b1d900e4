/** The caller's own profile: name, e-mail and photo, and a password change that checks the current one. */
import { z } from 'zod';
import { PASSWORD_MIN } from '../limits';
import { PATHS } from '../paths';

export const PROFILE_PATH = PATHS.me;
export const PROFILE_PASSWORD_PATH = PATHS.myPassword;

/** An absent field changes nothing; an empty name or e-mail clears it. */
export const profileEditSchema = z.object({
  name: z.string().trim().max(128, 'Name is at most 128 characters').optional(),
  email: z.union([z.literal(''), z.email('Must be an e-mail address').max(254)]).optional(),
});

export const passwordChangeSchema = z.object({
  currentPassword: z.string({ message: 'The current password is required' }).min(1, 'The current password is required').max(256),
  newPassword: z
    .string({ message: 'The new password is required' })
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(256, 'Password is at most 256 characters'),
});
