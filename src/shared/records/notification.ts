import { z } from 'zod';
import { userSummary } from './user';

export const notificationRecord = z.object({
  id: z.string(),
  message: z.string(),
  type: z.string(),
  userId: z.string().nullable(),
  /** The target user's name and image (personal notifications); null for public ones. */
  name: z.string().nullable(),
  image: z.string().nullable(),
  user: userSummary.nullable(),
  createdAt: z.date(),
});
export type NotificationRecord = z.infer<typeof notificationRecord>;
