import { z } from 'zod';

/** A user's public face, as lists of other records embed it. */
export const userSummary = z.object({ id: z.string(), name: z.string().nullable(), username: z.string().nullable(), image: z.string().nullable() });

/** What the API says about a user: never the password or its hash. */
export const userRecord = z.object({
  id: z.string(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  image: z.string().nullable(),
  balance: z.number(),
  createdAt: z.date(),
  roles: z.array(z.object({ role: z.object({ id: z.string(), name: z.string() }) })),
});
export type UserRecord = z.infer<typeof userRecord>;

/** `GET user/me`: the caller plus their permission codes. */
export const meRecord = userRecord.extend({ permissions: z.array(z.string()) });
export type MeRecord = z.infer<typeof meRecord>;

/** `POST auth/login/admin` and `POST auth/refresh`: the session's two tokens. */
export const tokenPairRecord = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPairRecord = z.infer<typeof tokenPairRecord>;
