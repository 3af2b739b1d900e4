/**
 * The server's layers (docs/decisions.md, "Server layers"): imports run from a higher layer to a lower one only, and
 * nothing imports in a circle. `npm run check:layers` (CI) fails on any other arrow. Tests (`*.spec.ts`) may reach any
 * layer.
 *
 *   entry    app, main, cluster, shutdown, backup/
 *   seed     seed/ (demo and first-start rows: through repos/ and auth/, which never import a seed)
 *   routes   routes/
 *   http     http/ (route builder, list kit, answers, forms, streaming, CSV, list parameters, versions named)
 *   plugins  plugins/
 *   repos    repos/ (every read and write of tables that is not a list's generic SQL: sessions, the throttle's
 *            attempts and the second factor's check included)
 *   auth     auth/ (crypto only: passwords, tokens, TOTP, the second factor's sealing, user agents; no table)
 *   query    query/ (list SQL, page JSON, translated names, search, stored versions, ids)
 *   db       db/ (handle, schema, opening, migrations)
 *   base     config, errors, secrets, data-dir, lock, storage, images/, cache/, rules/, signals/ (pure detectors), src/shared
 *
 * The panel's layers (docs/decisions.md, "Panel layers"), the same way:
 *
 *   entry       main.tsx, App.tsx (the routes: login, panel, two-factor setup, 404)
 *   login       login/, panelChunk.ts (the login page fetches the panel's chunk while the user types)
 *   panel       Panel.tsx (react-admin's AdminUI: one <Resource> per module, the pages)
 *   shell       shell/ (layout, menu, app bar, command palette, the pages' table)
 *   pages       dashboard/, profile/, webhooks/
 *   resources   resources/ (one folder per resource, modules.ts)
 *   security    security/ (two-factor and sessions: shown by the profile, the user and role pages, the login)
 *   components  components/ (the list and form kit and its pieces)
 *   live        live/ (the event stream's provider and notices)
 *   ui          ui/ (logo, themes, 404, notifications, the tab's title)
 *   providers   providers/ (data, auth, i18n, HTTP)
 *   base        src/shared, i18n/
 */
const S = '^src/server/';
const layers = [
  ['entry', `${S}(app|main|cluster|shutdown)\\.ts$|${S}backup/`],
  ['seed', `${S}seed/`],
  ['routes', `${S}routes/`],
  ['http', `${S}http/`],
  ['plugins', `${S}plugins/`],
  ['repos', `${S}repos/`],
  ['auth', `${S}auth/`],
  ['query', `${S}query/`],
  ['db', `${S}db/`],
];
const spec = '\\.spec\\.tsx?$';

const A = '^src/admin/';
const panelLayers = [
  ['panel entry', `${A}(main|App)\\.tsx$`],
  // The login page starts loading the panel's chunk; the panel never imports the login page (a circle through import()).
  ['login', `${A}(login/|panelChunk\\.ts$)`],
  ['panel', `${A}Panel\\.tsx$`],
  ['shell', `${A}shell/`],
  ['pages', `${A}(dashboard|profile|webhooks)/`],
  ['resources', `${A}resources/`],
  ['security', `${A}security/`],
  ['components', `${A}components/`],
  ['live', `${A}live/`],
  ['ui', `${A}ui/`],
  ['providers', `${A}providers/`],
];

/** One rule per layer but the top: it may import only the layers below it. */
const upward = (tower, prefix, base) =>
  tower.slice(1).map(([name, path], i) => ({
    name: `${prefix}${name.replace(/ /g, '-')}-imports-upward`,
    severity: 'error',
    comment: `${name} may import only the layers below it: ${[...tower.slice(i + 2).map(([n]) => n), base].join(', ')}`,
    from: { path, pathNot: spec },
    to: { path: tower.slice(0, i + 1).map(([, p]) => `(${p})`).join('|') },
  }));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: split the shared part into a file both import.',
      from: { path: '^src/' },
      // Lazy `import()`s count: a chunk that imports back the module that loads it is a circle too.
      to: { circular: true },
    },
    ...upward(layers, '', 'base'),
    ...upward(panelLayers, 'panel-', 'src/shared, i18n'),
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
