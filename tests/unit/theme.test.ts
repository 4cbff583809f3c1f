import { afterEach, describe, expect, it } from 'vitest';
import { resolveTheme } from '../../shell/theme';
import { THEME_ATTRIBUTE, THEME_VARIABLES, applyPortalTheme } from '../../bridge/theme';

describe('the theme a choice shows', () => {
  it('light and dark are themselves whatever the system does', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('system follows the operating system', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });

  it('settings kept before the theme existed stay light', () => {
    expect(resolveTheme(undefined, true)).toBe('light');
  });
});

describe('the theme a plain page is handed', () => {
  afterEach(() => {
    document.documentElement.removeAttribute(THEME_ATTRIBUTE);
    document.documentElement.removeAttribute('style');
  });

  it('puts the attribute and every variable of the theme on the root element, and switches them back', () => {
    const root = document.documentElement;
    applyPortalTheme('dark');
    expect(root.getAttribute(THEME_ATTRIBUTE)).toBe('dark');
    expect(root.style.getPropertyValue('--portal-bg-2')).toBe('#232324');
    expect(root.style.getPropertyValue('--portal-color-scheme')).toBe('dark');
    applyPortalTheme('light');
    expect(root.getAttribute(THEME_ATTRIBUTE)).toBe('light');
    for (const [name, value] of Object.entries(THEME_VARIABLES.light))
      expect(root.style.getPropertyValue(name)).toBe(value);
  });

  it('both themes define the same variables, so a page never keeps one of the other theme', () => {
    expect(Object.keys(THEME_VARIABLES.dark).sort()).toEqual(Object.keys(THEME_VARIABLES.light).sort());
  });
});
