import type { Theme } from '../bridge/protocol';

/** The user's choice in the settings; 'system' follows the operating system's light or dark mode. */
export type ThemeChoice = Theme | 'system';
export const THEME_CHOICES: readonly ThemeChoice[] = ['light', 'dark', 'system'];

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The theme shown for a choice; settings kept before the theme existed have none and stay light. */
export function resolveTheme(choice: ThemeChoice | undefined, systemDark: boolean): Theme {
  if (choice === 'light' || choice === 'dark') return choice;
  return choice === 'system' && systemDark ? 'dark' : 'light';
}

export const systemIsDark = (): boolean => typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;

/** Calls `onChange` whenever the operating system switches between light and dark; returns the unsubscribe function. */
export function watchSystemTheme(onChange: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => undefined;
  const query = matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
