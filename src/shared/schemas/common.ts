/** Building blocks of the payload schemas, shared by the server's validation and the admin's forms. */
import { z } from 'zod';

export { nonEmpty } from '../payload';

export const idParams = z.object({ id: z.string().min(1) });
