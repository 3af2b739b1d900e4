/**
 * A record as it travels: what `JSON.stringify` makes of the server's record type (its `Date`s arrive as ISO
 * strings). Types only, so the admin may `import type` a record's shape without zod entering its bundle.
 */
export type Json<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Json<U>[]
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T;
