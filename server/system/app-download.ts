/** The public app download page's data (SPEC §2 `/{lang}/app/download`). */
import type { FastifyInstance } from 'fastify';
import { system } from '../../model/contract/system';
import type { Config } from '../config';
import { serve } from '../serve';

export function appDownloadRoutes(app: FastifyInstance, opts: { config: Config }): void {
  serve(app, system.appDownload, async () => ({ url: opts.config.appDownloadUrl, version: opts.config.appVersion }));
}
