import { describe, expect, it } from 'vitest';
import { canAccessWith } from './canAccess';

describe('canAccessWith', () => {
  const granted = ['region.list', 'region.create', 'cottage.list', 'cottageType.edit'];

  it('maps react-admin resource names (registry routes) to permission keys', () => {
    expect(canAccessWith(granted, 'region', 'list')).toBe(true);
    expect(canAccessWith(granted, 'region', 'delete')).toBe(false);
    expect(canAccessWith(granted, 'cottage-type', 'edit')).toBe(true);
  });
  it('treats export as list and clone as create', () => {
    expect(canAccessWith(granted, 'region', 'export')).toBe(true);
    expect(canAccessWith(granted, 'region', 'clone')).toBe(true);
    expect(canAccessWith(granted, 'comfort', 'export')).toBe(false);
  });
  it('knows the pages that are not resources', () => {
    expect(canAccessWith([], 'home', 'list')).toBe(true);
    expect(canAccessWith([], 'profile', 'list')).toBe(true);
  });
  it('refuses unknown resources', () => {
    expect(canAccessWith(granted, 'nothing', 'list')).toBe(false);
  });
});
