/**
 * The actions an audit entry may name, declared once: the server records them (`recordAudit`), the admin's audit log
 * filters and labels them (`resources.audit.actions.<action>`, a label per action or the type check fails). No
 * import, so the login bundle may read it.
 */
export const AUDIT_ACTIONS = [
  'create',
  'edit',
  'delete',
  /** A record's image replaced through its resource's image call. */
  'image',
  'bulkDelete',
  'bulkEdit',
  /** The caller's own password (never its value). */
  'password',
  /** The caller's own profile. */
  'profile',
  /** "Active Pre": an order turned into its premium placement. */
  'activate',
  'premium',
  'premiumEnd',
  /** A cottage's image rows. */
  'imageAdd',
  'imageEdit',
  'imageDelete',
  /** Two-factor login turned on or off by its user, or reset by an admin (a lost phone). */
  'twoFactorEnable',
  'twoFactorDisable',
  'twoFactorReset',
  /** One session ended, or all of a user's (but the caller's own). */
  'sessionEnd',
  'sessionsEnd',
  /** A record created or edited by a CSV import (`POST <resource>/import`), or the translation of its name. */
  'importCreate',
  'importEdit',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
