/** Menu entries and registered apps as the shell holds them, for the shell's unit tests. */
import type { MenuNode } from '../../model/menu';
import type { AppState } from '../../shell/state/atoms';

export const item = (id: string, path: string, name: string): MenuNode => ({
  id,
  path,
  functionName: name,
  type: 'menu',
  icon: null,
  productType: 'x',
  productTypeName: 'x',
  hasAuth: true,
  children: [],
  buttonChildren: [],
  tabChildren: [],
});

export const app = (appType: string, prefix: string, probed: boolean | null): AppState => ({
  id: appType,
  appType,
  appName: appType,
  appFullName: appType,
  url: `http://localhost:1/${appType}`,
  prefixPath: [prefix],
  fullscreen: false,
  status: 'enabled',
  online: Boolean(probed),
  isDefault: true,
  probed,
});
