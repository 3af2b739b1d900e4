/**
 * Accessibility: every built screen is checked by axe (WCAG 2.x level A and AA rules, and best practices) in Chromium, in the
 * light and the dark theme, and the spec fails listing each violation (rule, impact, the elements' selectors).
 *
 * Every registry resource's list and create screen is checked without a line of its own (`REGISTRY_SCREENS`, from
 * `src/shared/resources.ts`). A screen that needs its own records or its own readiness joins by ADDING ONE LINE TO
 * `SCREENS` below: its name, its address (it may use the records arranged in `arrange()`), and what to wait for
 * before the check, i.e. something that shows the screen is drawn with its data. Screens before login go in
 * `PUBLIC_SCREENS`.
 *
 * Known blind spot: in the dark theme MUI paints raised surfaces (app bar, cards, dialogs) with a gradient overlay,
 * and axe leaves text on gradients unmeasured ("needs review") rather than failing it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { resources, type ResourceDef } from '../../src/shared/resources';
import type { Api } from '../harness/api';
import { ROOT } from '../harness/server';
import type { Spec } from '../harness/types';
import { expectTrue, login, navigate, networkQuiet, openLogin, pngFile, stillness } from '../harness/ui';

/**
 * WCAG 2.0, 2.1 and 2.2 level A and AA, plus axe's best practices (one main landmark, a level-one heading, named
 * table headers…): together, axe's default rule set, the one the measurements used (its "login page has 3
 * violations" are all best practices).
 */
const RULES = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/** Records the screens show, made through the API before the check. */
interface Fixtures {
  region: string;
  comfort: string;
  /** The first admin (the user screens); an order of the demo data (the order screens, `DEMO_SCREENS`). */
  user?: string;
  order?: string;
  role?: string;
  cottage?: string;
}

interface Screen {
  name: string;
  /** The address under the server, e.g. `/dashboart/region`. */
  path: string | ((f: Fixtures) => string);
  /** Resolves once the screen is drawn with its data. */
  ready: (page: Page, f: Fixtures) => Locator;
}

/** A list is drawn once it shows its rows, its empty state or its content (then the check waits for the network). */
const listDrawn = (p: Page) => p.locator('main table tbody tr, main .KitList-empty, main .RaList-content');

/**
 * The routes whose screens `SCREENS` and `DEMO_SCREENS` list with records of their own, and the permission catalogue,
 * which has no screen (the role form shows it).
 */
const OWN_SCREENS = new Set(['roles', 'region', 'comfort', 'cottage', 'audit', 'user', 'order', 'permission']);

/** Every other registry resource: its list, and its create screen when it has a create call. */
const REGISTRY_SCREENS: Screen[] = (Object.values(resources) as ResourceDef[])
  .filter((def) => !OWN_SCREENS.has(def.route))
  .flatMap(({ route, api }) => [
    { name: `${route} list`, path: `/dashboart/${route}`, ready: listDrawn },
    ...(api.create ? [{ name: `${route} create`, path: `/dashboart/${route}/create`, ready: (p: Page) => p.locator('main form') }] : []),
  ]);

const PUBLIC_SCREENS: Screen[] = [
  { name: 'login', path: '/', ready: (p) => p.getByRole('button', { name: 'LOG IN' }) },
];

const SCREENS: Screen[] = [
  { name: 'home (/dashboart)', path: '/dashboart', ready: (p) => p.getByTestId('progress-badge') },
  // One check of the home page drawn whole, its tiles and its charts (once two checks of the same page).
  { name: 'home (/dashboart/home) with its charts', path: '/dashboart/home', ready: (p) => p.locator('main:has(.HomeChart)').getByTestId('tile-comfort') },
  { name: 'roles list', path: '/dashboart/roles', ready: (p) => p.getByRole('cell', { name: /A11y role/ }) },
  { name: 'roles create', path: '/dashboart/roles/create', ready: (p) => p.locator('.PermissionGroup') },
  { name: 'roles edit', path: (f) => `/dashboart/roles/${f.role}`, ready: (p) => p.locator('.PermissionGroup') },
  { name: 'profile', path: '/dashboart/profile', ready: (p) => p.locator('.Profile-balance') },
  { name: 'regions list', path: '/dashboart/region', ready: (p) => p.getByRole('cell', { name: /A11y region/ }) },
  { name: 'regions create', path: '/dashboart/region/create', ready: (p) => p.getByRole('combobox', { name: 'Region name' }) },
  // Drawn whole: the form and its History's entries (once two checks of the same page).
  {
    name: 'regions edit with its History',
    path: (f) => `/dashboart/region/${f.region}`,
    ready: (p) => p.locator('main:has(.History-entry)').getByRole('combobox', { name: 'Region name' }),
  },
  { name: 'comforts list', path: '/dashboart/comfort', ready: (p) => p.locator('td img') },
  { name: 'comforts create', path: '/dashboart/comfort/create', ready: (p) => p.getByRole('combobox', { name: 'Comfort name' }) },
  { name: 'comforts edit', path: (f) => `/dashboart/comfort/${f.comfort}`, ready: (p) => p.getByRole('combobox', { name: 'Comfort name' }) },
  { name: 'comfort image dialog', path: (f) => `/dashboart/comfort/${f.comfort}/image`, ready: (p) => p.getByRole('dialog').locator('img') },
  { name: 'cottage list', path: '/dashboart/cottage', ready: (p) => p.getByRole('cell', { name: /A11y confirmed/ }) },
  { name: 'progress cottages (moderation queue)', path: '/dashboart/progress-cottages', ready: (p) => p.getByRole('cell', { name: /A11y cottage/ }) },
  { name: 'review desk', path: '/dashboart/review', ready: (p) => p.getByTestId('review-cottage').or(p.getByTestId('review-empty')) },
  { name: 'cottage create', path: '/dashboart/cottage/create', ready: (p) => p.locator('.leaflet-container, main [role=alert]') },
  // It holds the images section too (issue 34), drawn with the record, before the map's marker.
  { name: 'cottage edit', path: (f) => `/dashboart/cottage/${f.cottage}`, ready: (p) => p.locator('.leaflet-marker-icon, main [role=alert]') },
  ...REGISTRY_SCREENS,
  { name: 'audit log', path: '/dashboart/audit', ready: (p) => p.locator('main table tbody tr') },
  { name: 'users list', path: '/dashboart/user', ready: (p) => p.getByRole('cell', { name: 'admin', exact: true }) },
  { name: 'users create', path: '/dashboart/user/create', ready: (p) => p.getByRole('textbox', { name: 'Username' }) },
  { name: 'users edit', path: (f) => `/dashboart/user/${f.user}`, ready: (p) => p.getByLabel('Set a new password', { exact: true }) },
];

/** Screens that need records only the demo data makes (orders have no create call), checked on a demo server. */
const DEMO_SCREENS: Screen[] = [
  { name: 'orders list', path: '/dashboart/order', ready: (p) => p.getByRole('button', { name: 'Make premium' }) },
  { name: 'orders edit', path: (f) => `/dashboart/order/${f.order}`, ready: (p) => p.getByRole('combobox', { name: 'Order Status' }) },
];

/** A multipart POST as the first admin (the harness's `api.post` sends JSON). */
async function postForm<T>(api: Api, baseUrl: string, call: string, fields: Record<string, string>, image: [string, string]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set(image[0], new Blob([await readFile(image[1])], { type: 'image/png' }), 'a11y.png');
  const res = await fetch(`${baseUrl}/api/v1/${call}`, { method: 'POST', headers: { authorization: `Bearer ${api.token}` }, body: form });
  const body = await res.text();
  expectTrue(res.ok, `POST ${call}: ${res.status} ${body}`);
  return JSON.parse(body) as T;
}

/**
 * A region, a comfort, and a cottage waiting for moderation: the records the screens show, and the sidebar's
 * orange "+N" badge, which appears only while a cottage is in progress.
 */
async function arrange(api: Api, baseUrl: string, unique: string): Promise<Fixtures> {
  const text = async (what: string) =>
    api.translation(`e2e_a11y_${what}_${unique}`, { uz: `A11y ${what} ${unique}`, ru: `A11y ${what} ${unique}`, en: `A11y ${what} ${unique}` });
  const png = await pngFile(path.join(ROOT, 'e2e', 'artifacts', 'fixtures'), `a11y-${unique}.png`, [30, 120, 60]);
  const region = await api.post<{ id: string }>('region/add', { name: await text('region') });
  const comfort = await postForm<{ id: string }>(api, baseUrl, 'comfort/add', { name: await text('comfort') }, ['image', png]);
  const place = await api.post<{ id: string }>('place/add', { name: await text('place'), regionId: region.id });
  const cottage = { name: `A11y cottage ${unique}`, price: '100', priceWeekend: '120', regionId: region.id, placeId: place.id };
  const made = await postForm<{ id: string }>(api, baseUrl, 'cottage/add', { ...cottage, cottageStatus: 'progress' }, ['mainImage', png]);
  // And a confirmed one, so the cottage list is checked with a row.
  await postForm(api, baseUrl, 'cottage/add', { ...cottage, name: `A11y confirmed ${unique}`, cottageStatus: 'confirmed' }, ['mainImage', png]);
  const permissions = (await api.get<{ permission: { id: string }[] }[]>('models')).flatMap((g) => g.permission).slice(0, 7);
  const role = await api.post<{ id: string }>('role/add', { name: `A11y role ${unique}`, permissions: permissions.map((p) => p.id) });
  // Another user than oneself: one's own edit form shows a hint where the password field is (Profile changes it).
  const user = await api.post<{ id: string }>('user/add', { username: `a11y_${unique}`, password: `plum-kettle-${unique}` });
  return { region: region.id, comfort: comfort.id, user: user.id, role: role.id, cottage: made.id };
}

/**
 * Opens a screen, waits until it is drawn and still, and returns axe's violations as readable lines. Inside the panel a
 * screen is reached as a person's click reaches it, by the router (`how: 'route'`): its own calls go out and are waited
 * for, without the bundle's parse and the session's calls again on each screen; the public screens load (`'load'`).
 */
async function check(page: Page, baseUrl: string, screen: Screen, f: Fixtures, label: string, how: 'load' | 'route' = 'route'): Promise<string[]> {
  const address = typeof screen.path === 'function' ? screen.path(f) : screen.path;
  if (how === 'load') await page.goto(`${baseUrl}${address}`);
  else await navigate(page, address);
  await screen.ready(page, f).first().waitFor();
  await networkQuiet(page);
  // MUI fades things in; measure colours once the transitions are over.
  await stillness(page);
  // axe cannot tell the background behind react-admin's position:fixed sidebar and skips its text's contrast
  // ("overlapped"); in the page's flow (same colours, same place at the top) the menu and its badge are measured.
  await page.addStyleTag({ content: '.RaSidebar-fixed { position: static !important; }' });
  // axe.run in the page (legacy mode: the panel has no frames) rather than a partial run whose every node, passes
  // included, is serialised into a second, blank page; only the violations' nodes are described (the rest are unread).
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).withTags(RULES).analyze();
  return violations.flatMap((v) => [
    `[${label}] ${v.id} (${v.impact ?? 'n/a'}): ${v.help}`,
    ...v.nodes.map((n) => {
      const why = n.failureSummary ? ` — ${n.failureSummary.split('\n').slice(1).join(' ').trim()}` : '';
      return `      ${n.target.map(String).join(' >> ')}  ${n.html.slice(0, 160)}${why}`;
    }),
  ]);
}

/**
 * The app bar's theme switch; react-admin keeps the choice in its store, so it holds across the visits. One load after
 * it: the pointer rests on the switch, and its tooltip would stay open over every screen the router then shows.
 */
async function darkTheme(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/dashboart`);
  await page.getByRole('button', { name: 'Toggle light/dark mode' }).click();
  await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.endsWith('.theme') && localStorage.getItem(k) === '"dark"'));
  await page.goto(`${baseUrl}/dashboart`);
}

/** Every built screen in one theme; the two themes run as groups of their own, so the runner's two lanes share them. */
const everyScreen = (theme: 'light' | 'dark'): Spec => ({
  name: `a11y: every built screen has no axe violations (WCAG 2.x A/AA and best practices), in the ${theme} theme`,
  // It leaves catalogue records behind (some in use, so no spec can clear them): its own server keeps the others' lists empty.
  env: { E2E_GROUP: `a11y-${theme}` },
  async run({ page, baseUrl, api, unique }) {
    const fixtures = await arrange(api, baseUrl, unique);
    const found: string[] = [];
    if (theme === 'light') {
      await openLogin(page, baseUrl);
      for (const screen of PUBLIC_SCREENS) found.push(...(await check(page, baseUrl, screen, fixtures, `light · ${screen.name}`, 'load')));
      await login(page, baseUrl);
      for (const screen of SCREENS) found.push(...(await check(page, baseUrl, screen, fixtures, `light · ${screen.name}`)));
    } else {
      await login(page, baseUrl);
      await darkTheme(page, baseUrl);
      for (const screen of SCREENS) found.push(...(await check(page, baseUrl, screen, fixtures, `dark · ${screen.name}`)));
      // Logged out (everything but the theme and language choices forgotten), the public screens in the dark theme.
      await page.evaluate(() => {
        for (const k of Object.keys(localStorage)) if (!k.endsWith('.theme') && k !== 'language') localStorage.removeItem(k);
      });
      for (const screen of PUBLIC_SCREENS) found.push(...(await check(page, baseUrl, screen, fixtures, `dark · ${screen.name}`, 'load')));
    }
    // The runner shows only an error's first lines, so the whole list is printed first.
    if (found.length > 0) console.log(found.map((l) => `      ${l}`).join('\n'));
    const rules = found.filter((l) => l.startsWith('['));
    expectTrue(rules.length === 0, `${rules.length} axe violation(s), listed above:\n${rules.join('\n')}`);
  },
});

export const specs: Spec[] = [
  everyScreen('light'),
  everyScreen('dark'),
  {
    name: 'a11y: the order screens with demo data have no axe violations, in the light and the dark theme',
    env: { DEMO_DATA: 'on', E2E_GROUP: 'a11y-demo' },
    async run({ page, baseUrl, api }) {
      const [order] = await api.get<{ id: string }[]>('order/all/for/admin?range=[0,0]');
      expectTrue(order, 'the demo data must have an order');
      const fixtures: Fixtures = { region: '', comfort: '', order: order.id };
      const found: string[] = [];
      await login(page, baseUrl);
      for (const screen of DEMO_SCREENS) found.push(...(await check(page, baseUrl, screen, fixtures, `light · ${screen.name}`)));
      await darkTheme(page, baseUrl);
      for (const screen of DEMO_SCREENS) found.push(...(await check(page, baseUrl, screen, fixtures, `dark · ${screen.name}`)));
      if (found.length > 0) console.log(found.map((l) => `      ${l}`).join('\n'));
      const rules = found.filter((l) => l.startsWith('['));
      expectTrue(rules.length === 0, `${rules.length} axe violation(s), listed above:\n${rules.join('\n')}`);
    },
  },
];
