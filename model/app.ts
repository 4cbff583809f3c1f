import { z } from 'zod';
import { Uuid } from './contract/common';

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
export const AppDescriptor = z.object({
  id: Uuid,
  appType: z.string(),
  appName: z.string(),
  appFullName: z.string(),
  url: z.string().meta({ description: 'Absolute origin (and optional base path) of the sub-application, e.g. `http://localhost:4000`' }),
  prefixPath: z.array(z.string()).meta({ description: "Route prefixes the app serves, without slashes, e.g. `['platform', 'system']`" }),
  fullscreen: z.boolean(),
  status: z.enum(['enabled', 'disabled']),
  online: z.boolean().meta({ description: 'Whether the app answers: apps this server serves are; others are probed' }),
  isDefault: z.boolean(),
}).meta({ id: 'AppDescriptor' });
export type AppDescriptor = z.infer<typeof AppDescriptor>;

/** Where the mobile app is downloaded from (the public page `/{lang}/app/download`); null when not configured. */
export const AppDownloadInfo = z.object({ url: z.string().nullable(), version: z.string().nullable() }).meta({ id: 'AppDownloadInfo' });
export type AppDownloadInfo = z.infer<typeof AppDownloadInfo>;

/** The app whose prefix starts `path` (`/platform/dict` → the app with prefix `platform`). */
export function appForPath<T extends Pick<AppDescriptor, 'prefixPath'>>(apps: readonly T[], path: string): T | null {
  const first = path.replace(/^\/+/, '').split('/')[0] ?? '';
  return apps.find((a) => a.prefixPath.includes(first)) ?? null;
}
