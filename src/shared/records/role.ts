import { z } from 'zod';

const permissionRecord = z.object({ id: z.string(), code: z.string(), name: z.string() });

export const roleRecord = z.object({
  id: z.string(),
  name: z.string(),
  /** Its users must turn two-factor login on first (set with `PUT role/{id}/two-factor`). */
  requireTwoFactor: z.boolean(),
  createdAt: z.date(),
  permissions: z.array(z.object({ permission: permissionRecord })),
});
export type RoleRecord = z.infer<typeof roleRecord>;

/** `GET /models`: the permission catalogue grouped by resource, as the role form shows it. */
export const permissionGroupRecord = z.object({
  id: z.string(),
  name: z.string(),
  label: z.string(),
  permission: z.array(permissionRecord.extend({ modelId: z.string() })),
});
export type PermissionGroupRecord = z.infer<typeof permissionGroupRecord>;
