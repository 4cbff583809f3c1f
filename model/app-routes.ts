/** Which sub-application serves a route (zod-free: the shell's router needs it before any schema). */

/**
 * The route prefixes the shell routes to sub-applications (SPEC §2: one wildcard route each), plus
 * `helper`, the helper screens. An app may register only these; the server refuses any other.
 */
export const ROUTE_PREFIXES = [
  'paas',
  'home',
  'platform',
  'system',
  'log',
  'flow',
  'basic',
  'mes',
  'qms',
  'wms',
  'esop',
  'tpm',
  'spc',
  'dcm',
  'andon',
  'spm',
  'fms',
  'visual',
  'datav',
  'mds',
  'helper',
] as const;
export type RoutePrefix = (typeof ROUTE_PREFIXES)[number];

/** The app whose prefix starts `path` (`/platform/dict` → the app with prefix `platform`). */
export function appForPath<T extends { prefixPath: readonly string[] }>(apps: readonly T[], path: string): T | null {
  const first = path.replace(/^\/+/, '').split('/')[0] ?? '';
  return apps.find((a) => a.prefixPath.includes(first)) ?? null;
}
