/** The shell's calls of SPEC §7 at their exact paths (under /api). */
import { probeCached } from '../helper/probe-cache';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { platform } from '../../model/contract/platform';
import { LANGUAGES } from '../../model/languages';
import type { DB } from '../db/types';
import type { Config } from '../config';
import { ApiError } from '../http';
import { serve } from '../serve';
import { canUseFactory } from '../auth/permissions';
import { appRows, factoryList, recordVisit, tenantCorp } from './store';
import { dictItems } from '../engine/dicts';
import { loadCurrentUser } from '../auth/current-user';
import { LANGUAGE_NAMES, SERVED_APPS } from '../../model/catalogue';
import { appUrl } from '../app-registry';
import { localName } from '../i18n';
import { userMenuTree } from '../menu/tree';

/** How long the registry answer waits for an app that neither answers nor refuses (it is then not online). */
const REGISTRY_PROBE_TIMEOUT_MS = 1500;
const LOOPBACK = { protocol: 'http', hostname: '127.0.0.1' };

export function platformRoutes(app: FastifyInstance, opts: { db: Kysely<DB>; config: Config }): void {
  const { db, config } = opts;
  serve(app, platform.routes, async ({ ctx, query, tr }) => {
    const factoryId = query.factoryId?.trim();
    if (factoryId && !(await canUseFactory(db, ctx.tenantId, ctx.user.id, ctx.user.type, factoryId))) {
      throw new ApiError(403, 'auth.factoryForbidden');
    }
    return userMenuTree(db, ctx, tr, query.terminalType);
  });

  serve(app, platform.corp, async ({ ctx }) => {
    const t = await tenantCorp(db, ctx.tenantId);
    return { tenantCode: t.code, tenantName: t.name, language: t.languages };
  });

  serve(app, platform.dictOptions, async ({ ctx, query }) => {
    const type = query.type || 'language';
    const items = await dictItems(db, ctx.tenantId, type);
    if (!items) {
      return type === 'language' ? LANGUAGES.map((l) => ({ dictKey: l, dictValue: LANGUAGE_NAMES[l] ?? l })) : [];
    }
    return items.map((i) => ({ dictKey: i.value, dictValue: i.label }));
  });

  serve(app, platform.apps, async ({ request, ctx }) => {
    const rows = await appRows(db);
    const host = { protocol: request.protocol, hostname: request.hostname };
    // The apps this server serves are up; any other enabled app is probed the way the services screen probes it.
    const online = await Promise.all(
      rows.map(async (r) => {
        if ((SERVED_APPS as readonly string[]).includes(r.app_type) && !r.url?.trim()) return true;
        if (r.status !== 'enabled') return false;
        // A default app (no URL of its own) runs beside this server: probed on loopback, never at a host a request named.
        return (
          (await probeCached(appUrl(r, LOOPBACK, config.subappPortBase), REGISTRY_PROBE_TIMEOUT_MS)).state === 'online'
        );
      }),
    );
    return rows.map((r, i) => ({
      id: r.id,
      appType: r.app_type,
      appName: localName(r.name_i18n, ctx.language, r.app_name),
      appFullName: localName(r.full_name_i18n, ctx.language, r.app_name),
      // A registered URL (a third-party app at any origin) wins over the default port.
      url: appUrl(r, host, config.subappPortBase),
      prefixPath: r.prefix_path,
      fullscreen: r.fullscreen,
      status: r.status,
      online: online[i] ?? false,
      isDefault: r.is_default,
    }));
  });

  serve(app, platform.user, async ({ ctx }) => loadCurrentUser(db, ctx.tenantId, ctx.user.id));

  serve(app, platform.factories, async ({ ctx }) => ({
    factoryList: await factoryList(db, ctx.tenantId, ctx.user.id, ctx.user.type),
  }));

  serve(app, platform.recordAccess, async ({ ctx, body }) => {
    if (!(await canUseFactory(db, ctx.tenantId, ctx.user.id, ctx.user.type, body.factoryId))) {
      throw new ApiError(403, 'auth.factoryForbidden');
    }
    const visit = {
      tenantId: ctx.tenantId,
      userId: ctx.user.id,
      factoryId: body.factoryId,
      functionId: body.functionId,
    };
    if (!(await recordVisit(db, visit))) throw new ApiError(404, 'menu.notFound');
    return null;
  });
}
