/**
 * The route prefixes the shell routes to sub-applications (SPEC §2: one wildcard route each), plus
 * `helper`, the helper screens. An app may register only these; the server refuses any other.
 */
export const ROUTE_PREFIXES = [
  'paas', 'home', 'platform', 'system', 'log', 'flow', 'basic', 'mes', 'qms', 'wms', 'esop', 'tpm',
  'spc', 'dcm', 'andon', 'spm', 'fms', 'visual', 'datav', 'mds', 'helper',
] as const;
export type RoutePrefix = (typeof ROUTE_PREFIXES)[number];

/** Application descriptor of SPEC §3, answered by `platFactoryApp`. */
export interface AppDescriptor {
  id: string;
  appType: string;
  appName: string;
  appFullName: string;
  /** Absolute origin (and optional base path) of the sub-application, e.g. `http://localhost:4000`. */
  url: string;
  /** Route prefixes the app serves, without slashes, e.g. `['platform', 'system']`. */
  prefixPath: string[];
  fullscreen: boolean;
  status: 'enabled' | 'disabled';
  /** Set by the shell's probe; the server answers `true` for apps it serves itself. */
  online: boolean;
  isDefault: boolean;
}

/** The app whose prefix starts `path` (`/platform/dict` → the app with prefix `platform`). */
export function appForPath<T extends Pick<AppDescriptor, 'prefixPath'>>(apps: readonly T[], path: string): T | null {
  const first = path.replace(/^\/+/, '').split('/')[0] ?? '';
  return apps.find((a) => a.prefixPath.includes(first)) ?? null;
}
