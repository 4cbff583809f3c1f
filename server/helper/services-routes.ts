/** Services (SPEC §2 `helper/services`): every registered app's state, version, probe time and latency, and the portal's own. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { helper } from '../../model/contract/helper';
import type { ServiceStatus, ServicesView } from '../../model/helper';
import { appUrl } from '../app-registry';
import type { Config } from '../config';
import type { DB } from '../db/types';
import { probeApp } from './probe';
import { serve } from '../serve';
import { appRows } from '../platform/store';
import { localName } from '../i18n';

const FRESH_MS = 60_000;
const PORTAL_VERSION = (
  JSON.parse(
    fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'package.json'), 'utf8'),
  ) as { version: string }
).version;

export function helperServicesRoutes(app: FastifyInstance, opts: { db: Kysely<DB>; config: Config }): void {
  const { db, config } = opts;
  // The registry is shared by every tenant: so are the last probes, keyed by app and URL.
  const last = new Map<string, ServiceStatus>();

  async function view(
    request: FastifyRequest,
    language: Parameters<typeof localName>[1],
    force: boolean,
  ): Promise<ServicesView> {
    const rows = await appRows(db, { enabledOnly: true });
    const services = await Promise.all(
      rows.map(async (r) => {
        const url = appUrl(r, { protocol: request.protocol, hostname: request.hostname }, config.subappPortBase);
        const key = `${r.app_type} ${url}`;
        const known = last.get(key);
        const appName = localName(r.name_i18n, language, r.app_name);
        if (!force && known && Date.now() - Date.parse(known.probedAt) < FRESH_MS) return { ...known, appName };
        const probed = await probeApp(url);
        const status: ServiceStatus = {
          id: r.id,
          appType: r.app_type,
          appName,
          url,
          ...probed,
          probedAt: new Date().toISOString(),
        };
        last.set(key, status);
        return status;
      }),
    );
    return { portalVersion: PORTAL_VERSION, database: config.databaseUrl ? 'postgres' : 'pglite', services };
  }

  // The app registry screen's online column (SPEC §3 `online`): the same probes, read with the registry's own permission.
  serve(app, helper.appOnline, async ({ request, ctx }) => {
    const { services } = await view(request, ctx.language, false);
    return services.map(({ id, state, version, latencyMs, probedAt }) => ({ id, state, version, latencyMs, probedAt }));
  });

  serve(app, helper.services, async ({ request, ctx }) => view(request, ctx.language, false));

  serve(app, helper.probe, async ({ request, ctx }) => view(request, ctx.language, true));
}
