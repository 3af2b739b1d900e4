/**
 * Which fields hold a secret: never answered in an export, never written to the audit history (a changed password is
 * recorded as changed, its value never), whatever a record holds.
 */
export const SECRET_FIELD = /password|hash|token|secret/i;
