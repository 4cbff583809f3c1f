/** The public app download page's data (SPEC §2 `/{lang}/app/download`). */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { route } from '../http';

export interface AppDownloadInfo {
  url: string | null;
  version: string | null;
}

export function appDownloadRoutes(app: FastifyInstance, opts: { config: Config }): void {
  route(app, {
    method: 'GET',
    url: '/platform-system/app/download-info',
    summary: 'Where the mobile app is downloaded from (public)',
    tags: ['system'],
    auth: 'none',
    permission: null,
    handler: async (): Promise<AppDownloadInfo> => ({ url: opts.config.appDownloadUrl, version: opts.config.appVersion }),
  });
}
