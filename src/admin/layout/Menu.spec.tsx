import { describe, expect, it } from 'vitest';
import { resources } from '../../shared/resources';
import { modules } from '../resources/modules';
import { MENU_ENTRIES } from './Menu';

describe('the sidebar, from the modules', () => {
  it("lists the spec's entries in its order, then regions, languages, notifications and the audit log", () => {
    expect(MENU_ENTRIES.map((e) => [e.to, e.label])).toEqual([
      ['home', 'app.menu.home'],
      ['translate', 'app.menu.translate'],
      ['cottage', 'app.menu.cottage'],
      ['progress-cottages', 'app.menu.progress_cottages'],
      ['order', 'app.menu.order'],
      ['services', 'app.menu.services'],
      ['tariff', 'app.menu.tariff'],
      ['place', 'app.menu.place'],
      ['cottage-type', 'app.menu.cottage_type'],
      ['comfort', 'app.menu.comfort'],
      ['roles', 'app.menu.roles'],
      ['user', 'app.menu.user'],
      ['region', 'app.menu.region'],
      ['language', 'app.menu.language'],
      ['notification', 'app.menu.notification'],
      ['audit', 'app.menu.audit'],
    ]);
  });

  it('has a module for every registry route and none besides', () => {
    const routes = Object.values(resources).map((r) => r.route);
    expect(Object.keys(modules).sort()).toEqual([...routes].sort());
  });
});
