import { z } from 'zod';
import { Uuid } from './contract/common';

export { ROUTE_PREFIXES, appForPath, type RoutePrefix } from './app-routes';

/** Application descriptor of SPEC §3, answered by `platFactoryApp`. */
export const AppDescriptor = z
  .object({
    id: Uuid,
    appType: z.string(),
    appName: z.string(),
    appFullName: z.string(),
    url: z.string().meta({
      description: 'Absolute origin (and optional base path) of the sub-application, e.g. `http://localhost:4000`',
    }),
    prefixPath: z
      .array(z.string())
      .meta({ description: "Route prefixes the app serves, without slashes, e.g. `['platform', 'system']`" }),
    fullscreen: z.boolean(),
    status: z.enum(['enabled', 'disabled']),
    online: z
      .boolean()
      .meta({ description: 'Whether the app answers: apps this server serves are; others are probed' }),
    isDefault: z.boolean(),
  })
  .meta({ id: 'AppDescriptor' });
export type AppDescriptor = z.infer<typeof AppDescriptor>;

/** Where the mobile app is downloaded from (the public page `/{lang}/app/download`); null when not configured. */
export const AppDownloadInfo = z
  .object({ url: z.string().nullable(), version: z.string().nullable() })
  .meta({ id: 'AppDownloadInfo' });
export type AppDownloadInfo = z.infer<typeof AppDownloadInfo>;
