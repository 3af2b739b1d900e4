import { describe, expect, it } from 'vitest';
import { preferredLanguage } from './language';

describe('preferredLanguage', () => {
  it('reads plain codes and browser-style headers', () => {
    expect(preferredLanguage('ru')).toBe('ru');
    expect(preferredLanguage('ru-RU,ru;q=0.9')).toBe('ru');
    expect(preferredLanguage('en-US,en;q=0.9,uz;q=0.8')).toBe('en');
    expect(preferredLanguage('de;q=0.2, uz;q=0.9')).toBe('uz');
  });
  it('falls back to uz when absent or unreadable', () => {
    expect(preferredLanguage(undefined)).toBe('uz');
    expect(preferredLanguage('*')).toBe('uz');
    expect(preferredLanguage('12,;;')).toBe('uz');
  });
});
