import { describe, expect, it } from 'vitest';
import { PERMISSION_GROUPS } from './permissions';
import { permissionGroupName, permissionName } from './permission-names';

describe('the permission names', () => {
  it("are the registry's own in English, so the stored names and the texts cannot drift apart", () => {
    for (const group of PERMISSION_GROUPS) {
      expect(permissionGroupName(group.name, 'en')).toBe(group.label);
      for (const p of group.permissions) expect(permissionName(p.code, 'en')).toBe(p.name);
    }
  });

  it('exist in uz and ru for every group and permission, and differ from English', () => {
    for (const lang of ['uz', 'ru']) {
      for (const group of PERMISSION_GROUPS) {
        expect(permissionGroupName(group.name, lang, '?')).not.toBe('?');
        expect(permissionGroupName(group.name, lang)).not.toBe(group.label);
        for (const p of group.permissions) expect(permissionName(p.code, lang, '?'), p.code).not.toBe(p.name);
      }
    }
  });

  it('read Uzbek in a language without texts, and the stored name for an unknown permission', () => {
    expect(permissionName('cottage.list', 'de')).toBe('Roʻyxat · Kottejlar');
    expect(permissionName('cottage.fly', 'ru', 'Fly')).toBe('Fly');
  });
});
