import { describe, expect, it } from 'vitest';
import en from '../../../i18n/en';
import ru from '../../../i18n/ru';
import uz from '../../../i18n/uz';
import { resources } from '../../shared/resources';
import { checkFolders, moduleEntries, modules } from '../resources/modules';
import { MENU_ENTRIES } from './Menu';
import { pages } from './pages';

/** The original panel's sidebar, in its order; entries added since (regions, languages, …) may sit anywhere. */
const ORIGINAL_ORDER = ['home', 'translate', 'cottage', 'progress-cottages', 'order', 'services', 'tariff', 'place', 'cottage-type', 'comfort', 'roles', 'user'];

const text = (catalogue: object, key: string) => key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], catalogue);

describe('the sidebar, from the modules', () => {
  it("keeps the original panel's entries in its order", () => {
    const routes = MENU_ENTRIES.map((e) => e.to);
    expect(routes.filter((to) => ORIGINAL_ORDER.includes(to))).toEqual(ORIGINAL_ORDER);
  });

  it('has one entry per module with a menu place and per module page with one, each in its own place', () => {
    const expected = moduleEntries.flatMap(([route, m]) => [
      ...(m.menu ? [route] : []),
      ...Object.entries(m.pages ?? {}).flatMap(([to, page]) => (page.menu ? [to] : [])),
    ]);
    const routes = MENU_ENTRIES.map((e) => e.to);
    // The panel's own pages (home, webhooks) are not modules.
    expect(routes.filter((to) => !Object.hasOwn(pages, to)).sort()).toEqual([...expected].sort());
    expect(new Set(MENU_ENTRIES.map((e) => e.order)).size).toBe(MENU_ENTRIES.length);
  });

  it("labels every entry and home tile with a text of the resource's own file, in uz, ru and en", () => {
    const keys = [...MENU_ENTRIES.map((e) => e.label), ...moduleEntries.flatMap(([route, m]) => (m.tile ? [`resources.${route}.tile`] : []))];
    expect(keys).toContain('resources.region.menu');
    expect(keys).toContain('resources.region.tile');
    for (const [name, catalogue] of Object.entries({ uz, ru, en })) {
      for (const key of keys) expect(typeof text(catalogue, key), `${name}: ${key}`).toBe('string');
    }
  });

  it('shows the review desk only to whoever may moderate cottages', () => {
    expect(MENU_ENTRIES.find((e) => e.to === 'review')).toMatchObject({ access: 'cottage', action: 'moderate', label: 'resources.cottage.review.menu' });
    expect(MENU_ENTRIES.find((e) => e.to === 'progress-cottages')).toMatchObject({ action: 'list' });
  });

  it("shows a module's page to whoever may list the module's resource", () => {
    expect(MENU_ENTRIES.find((e) => e.to === 'progress-cottages')).toMatchObject({ access: 'cottage', label: 'resources.cottage.queue.menu' });
    expect(MENU_ENTRIES.find((e) => e.to === 'region')).toMatchObject({ access: 'region' });
  });
});

describe('the modules, from the folders', () => {
  it('has a module for every registry route and none besides', () => {
    const routes = Object.values(resources).map((r) => r.route);
    expect(Object.keys(modules).sort()).toEqual([...routes].sort());
    for (const route of routes) expect(modules[route]?.icon, route).toBeTruthy();
  });

  it('names a registry route without a folder, and a folder that is no registry route', () => {
    expect(() => checkFolders(['region'], ['region', 'district'])).toThrow(/district.*src\/admin\/resources\/<route>\/index\.ts/);
    expect(() => checkFolders(['region', 'districts'], ['region'])).toThrow(/src\/admin\/resources\/districts\//);
    expect(() => checkFolders(['region'], ['region'])).not.toThrow();
  });
});
