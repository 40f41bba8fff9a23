import { describe, expect, it } from 'vitest';
import { isNavToggleShortcut } from './keyboard-shortcuts';

const key = (overrides: Partial<Parameters<typeof isNavToggleShortcut>[0]>) => ({
  code: 'Backslash',
  key: '\\',
  altKey: false,
  metaKey: false,
  ctrlKey: false,
  ...overrides,
});

describe('isNavToggleShortcut', () => {
  it('accepts Alt+\\ and Cmd+\\', () => {
    expect(isNavToggleShortcut(key({ altKey: true }))).toBe(true);
    expect(isNavToggleShortcut(key({ metaKey: true }))).toBe(true);
  });

  it('accepts Alt+\\ on a Mac, where the key types «', () => {
    expect(isNavToggleShortcut(key({ altKey: true, key: '«' }))).toBe(true);
  });

  it('ignores a plain backslash, other keys and Ctrl combinations', () => {
    expect(isNavToggleShortcut(key({}))).toBe(false);
    expect(isNavToggleShortcut(key({ altKey: true, code: 'KeyA', key: 'a' }))).toBe(false);
    expect(isNavToggleShortcut(key({ altKey: true, ctrlKey: true }))).toBe(false);
  });
});
