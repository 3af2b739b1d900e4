/**
 * Every API path (relative to /api/v1) that is not a registry resource's own call (those are `resources.<x>.api` in
 * `./resources.ts`), declared once for the server's routes and the admin's providers. `:id` is a record id
 * (`apiPath` fills it in).
 *
 * Plain strings, no import: the login bundle reads this file, so nothing of it may pull in runtime code (zod, React).
 */
export const PATHS = {
  /** `POST {username, password, userAgent?}` → a token pair; only users with a permission may sign in. */
  login: 'auth/login/admin',
  /** `POST` with the `refreshToken` header → a new token pair. */
  refresh: 'auth/refresh',
  /** `DELETE`: ends the caller's session. */
  logout: 'auth/logout',
  /** `GET` the caller (with their permission codes); `PATCH` their own name, e-mail and photo (multipart). */
  me: 'user/me',
  /** `POST {currentPassword, newPassword}`: ends the caller's other sessions. */
  myPassword: 'user/me/password',
  /** `GET`: the dashboard's counts. */
  stats: 'stats',
  /** `GET`: the home charts' day-by-day series. */
  statsSeries: 'stats/series',
  /** `GET` (public, no token): the settings the admin reads at run time. */
  config: 'config',
  /** `GET`: the translations no record uses yet, to pick from. */
  unusedTranslations: 'translate/unused',
  /** `GET`: how many orders and premium placements a cottage's delete takes with it. */
  cottageDependents: 'cottage/dependents/:id',
  /** `GET ?q=`: the command palette's search over every kind the caller may list (at most 20 results). */
  search: 'search',
} as const;

/** The saved-query calls (`:id` = the saved query's id). */
export const SAVED_QUERY_PATHS = {
  list: 'saved-query',
  create: 'saved-query/add',
  update: 'saved-query/edit/:id',
  delete: 'saved-query/delete/:id',
} as const;
