import { useLayoutEffect } from 'react';
import { useAtomValue } from 'jotai';
import { themeAtom } from '../state/atoms';
import { applyArcoTheme } from '../../bridge/theme';

/** Shows the theme of the settings (following the system live when so chosen) on every page, the login page too. */
export function useTheme() {
  const theme = useAtomValue(themeAtom);
  useLayoutEffect(() => applyArcoTheme(theme), [theme]);
}
