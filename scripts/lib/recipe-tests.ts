/**
 * The tests that loop over every resource. `check:recipe` runs them on a scratch copy of the project with the recipe's
 * `district` added, which is the project plus one resource; `npm test` leaves them out of its own PGlite run instead
 * of running them twice (the PostgreSQL run still has its own).
 */
export const RECIPE_TESTS = [
  'test/contract.test.ts',
  'test/references.test.ts',
  'test/openapi-bodies.test.ts',
  'test/catalogue-named.test.ts',
  'src/server/db/tables.spec.ts',
  'src/admin/shell/Menu.spec.tsx',
  'src/admin/i18n.spec.ts',
];
