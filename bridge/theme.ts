/**
 * The shell's colour theme for pages that do not load Arco (the standalone bridge applies it by
 * itself): an attribute to select on and CSS variables with the values of Arco's own tokens, so a
 * plain page in the portal looks like the screens around it.
 *
 *   html[data-portal-theme="dark"] .card { … }         or         body { background: var(--portal-bg-2); }
 */
import type { Theme } from './protocol';

/** The attribute put on the page's root element: `data-portal-theme="light" | "dark"`. */
export const THEME_ATTRIBUTE = 'data-portal-theme';

type ThemeVariable =
  | '--portal-color-scheme'
  | '--portal-bg-1'
  | '--portal-bg-2'
  | '--portal-bg-3'
  | '--portal-fill-1'
  | '--portal-fill-2'
  | '--portal-fill-3'
  | '--portal-text-1'
  | '--portal-text-2'
  | '--portal-text-3'
  | '--portal-border'
  | '--portal-border-2'
  | '--portal-primary'
  | '--portal-success'
  | '--portal-warning'
  | '--portal-danger';

/**
 * Arco's tokens (body and body[arco-theme='dark'] of its style sheet), the translucent dark fills made opaque over bg-1;
 * the light secondary text darker than Arco's (#86909c), as the shell and the Arco apps show it, for a 4.5:1 contrast.
 */
export const THEME_VARIABLES: Readonly<Record<Theme, Readonly<Record<ThemeVariable, string>>>> = {
  light: {
    '--portal-color-scheme': 'light',
    '--portal-bg-1': '#ffffff',
    '--portal-bg-2': '#ffffff',
    '--portal-bg-3': '#ffffff',
    '--portal-fill-1': '#f7f8fa',
    '--portal-fill-2': '#f2f3f5',
    '--portal-fill-3': '#e5e6eb',
    '--portal-text-1': '#1d2129',
    '--portal-text-2': '#4e5969',
    '--portal-text-3': '#646e7c',
    '--portal-border': '#e5e6eb',
    '--portal-border-2': '#e5e6eb',
    '--portal-primary': '#165dff',
    '--portal-success': '#00b42a',
    '--portal-warning': '#ff7d00',
    '--portal-danger': '#f53f3f',
  },
  dark: {
    '--portal-color-scheme': 'dark',
    '--portal-bg-1': '#17171a',
    '--portal-bg-2': '#232324',
    '--portal-bg-3': '#2a2a2b',
    '--portal-fill-1': '#212124',
    '--portal-fill-2': '#2c2c2f',
    '--portal-fill-3': '#363639',
    '--portal-text-1': 'rgba(255, 255, 255, 0.9)',
    '--portal-text-2': 'rgba(255, 255, 255, 0.7)',
    '--portal-text-3': 'rgba(255, 255, 255, 0.5)',
    '--portal-border': '#333335',
    '--portal-border-2': '#484849',
    '--portal-primary': '#3c7eff',
    '--portal-success': '#27c346',
    '--portal-warning': '#ff9626',
    '--portal-danger': '#f76965',
  },
};

/** Puts the theme's attribute and variables on `root` (default: the page's `<html>`). */
export function applyPortalTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  const chosen: Theme = theme === 'dark' ? 'dark' : 'light';
  root.setAttribute(THEME_ATTRIBUTE, chosen);
  for (const [name, value] of Object.entries(THEME_VARIABLES[chosen])) root.style.setProperty(name, value);
}

/** The same theme on a page built with Arco: its dark style sheet is `body[arco-theme='dark']`; `color-scheme` darkens scroll bars and native controls. */
export function applyArcoTheme(theme: Theme): void {
  if (theme === 'dark') document.body.setAttribute('arco-theme', 'dark');
  else document.body.removeAttribute('arco-theme');
  document.documentElement.style.colorScheme = theme;
}
