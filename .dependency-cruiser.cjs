/**
 * The server's layers (docs/decisions.md, "Server layers"): imports run from a higher layer to a lower one only, and
 * nothing imports in a circle. `npm run check:layers` (CI) fails on any other arrow. Tests (`*.spec.ts`) may reach any
 * layer.
 *
 *   entry    app, main, cluster, shutdown, backup/, db/seed/  (seeds hash passwords and draw images)
 *   routes   routes/
 *   http     http/ (route builder, list kit, answers, forms, streaming, CSV, list parameters, versions named)
 *   plugins  plugins/
 *   second factor  auth/two-factor.ts (the code check: its repository behind the throttle)
 *   repos    repos/ (every read and write of tables that is not a list's generic SQL)
 *   auth     auth/ (passwords, tokens, sessions, throttle)
 *   query    query/ (list SQL, page JSON, translated names, search, stored versions, ids)
 *   db       db/ (handle, schema, opening, migrations)
 *   base     config, errors, secrets, data-dir, lock, storage, images/, cache/, rules/, signals/ (pure detectors), src/shared
 */
const S = '^src/server/';
const layers = [
  ['entry', `${S}(app|main|cluster|shutdown)\\.ts$|${S}(backup|db/seed)/`],
  ['routes', `${S}routes/`],
  ['http', `${S}http/`],
  ['plugins', `${S}plugins/`],
  // The second factor's check reads and marks its rows (repos/two-factor.ts) behind the throttle: above repos.
  ['second factor', `${S}auth/two-factor\\.ts$`],
  ['repos', `${S}repos/`],
  ['auth', `${S}auth/(?!two-factor\\.ts$)`],
  ['query', `${S}query/`],
  ['db', `${S}db/(?!seed/)`],
];
const spec = '\\.spec\\.tsx?$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: split the shared part into a file both import.',
      from: { path: '^src/' },
      // A lazy `import()` back to a module that loaded it (the panel's chunk and its login page) is not a cycle of
      // modules that need each other to start.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
    ...layers.slice(1).map(([name, path], i) => ({
      name: `${name}-imports-upward`,
      severity: 'error',
      comment: `${name} may import only the layers below it: ${layers.slice(i + 2).map(([n]) => n).join(', ')}, base`,
      from: { path, pathNot: spec },
      to: { path: layers.slice(0, i + 1).map(([, p]) => `(${p})`).join('|') },
    })),
    {
      name: 'routes-use-repos',
      severity: 'error',
      comment: 'A route reads and writes tables through repos/ (functions taking a db or tx), never with drizzle itself',
      from: {
        path: `${S}routes/`,
        pathNot: spec,
      },
      to: { path: [`${S}db/(schema|sql)\\.ts$`, '^node_modules/drizzle-orm/'] },
    },
    {
      name: 'base-imports-a-layer',
      severity: 'error',
      comment: 'config, errors, storage, images, cache, rules and src/shared stand below every layer',
      from: { path: `${S}[^/]+\\.ts$|${S}(images|cache|rules|signals)/|^src/shared/`, pathNot: `${S}(app|main|cluster|shutdown)\\.ts$|${spec}` },
      to: { path: layers.map(([, p]) => `(${p})`).join('|') },
    },
    {
      name: 'panel-and-server-apart',
      severity: 'error',
      comment: 'The panel and the server share only src/shared and i18n/',
      from: { path: '^src/admin/', pathNot: spec },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-into-panel',
      severity: 'error',
      from: { path: '^src/(server|shared)/' },
      to: { path: '^src/admin/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // npm modules stay out of the graph, but for drizzle-orm, which `routes-use-repos` keeps out of routes/.
    exclude: { path: '^node_modules/(?!drizzle-orm/)|\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
