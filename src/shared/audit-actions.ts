/**
 * The actions an audit entry may name, declared once: the server records them (`recordAudits`), the admin's audit log
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
  /** The gallery's images put in a new order (the cottage form). */
  'imageOrder',
  /** Two-factor login turned on or off by its user, or reset by an admin (a lost phone). */
  'twoFactorEnable',
  'twoFactorDisable',
  'twoFactorReset',
  /** The account's authenticator codes locked after too many wrong ones (by nobody: the server; with the addresses). */
  'twoFactorLock',
  /** New recovery codes in place of the old ones (never their values). */
  'recoveryCodes',
  /** One session ended, or all of a user's (but the caller's own). */
  'sessionEnd',
  'sessionsEnd',
  /** A change taken back (`POST audit/revert/{id}`); the entry names the one it reverted (`revertOf`). */
  'revert',
  /** A record created or edited by a CSV import (`POST <resource>/import`), or the translation of its name. */
  'importCreate',
  'importEdit',
  /** A moderator's own decision on a cottage taken back within a minute (the desk's Undo; `POST cottage/undo/{id}`). */
  'undo',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry's write did to its record, as far as a revert is concerned (`POST audit/revert/{id}`). */
export type AuditEffect = 'create' | 'edit' | 'delete';

/**
 * The actions a revert can take back, and what each did; the others (passwords, two-factor, sessions…) are refused by
 * the server with the reason. A `revert` entry's effect is the opposite of the entry it reverted (server: its
 * `revertOf`; panel: its changes).
 */
export const REVERTIBLE_EFFECTS: Partial<Record<AuditAction, AuditEffect>> = {
  create: 'create',
  importCreate: 'create',
  edit: 'edit',
  bulkEdit: 'edit',
  image: 'edit',
  importEdit: 'edit',
  delete: 'delete',
  bulkDelete: 'delete',
};
