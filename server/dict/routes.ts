/** Dictionaries and their items (tenant-scoped): /api/platform-system/dict… */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { dict } from '../../model/contract/dict';
import type { DB } from '../db/types';
import { ApiError, UUID_RE } from '../http';
import { serve } from '../serve';
import { actorOf } from '../audit/write';
import { DictStore } from './store';

export function dictRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const store = (ctx: Parameters<typeof actorOf>[0]) => new DictStore(opts.db, ctx.tenantId, actorOf(ctx));

  serve(app, dict.list, ({ ctx, query }) => store(ctx).list(query));
  serve(app, dict.get, ({ ctx, params }) => store(ctx).get(params.id));
  serve(app, dict.create, ({ ctx, body }) => store(ctx).create(body));
  serve(app, dict.update, ({ ctx, params, body }) => store(ctx).update(params.id, body));

  serve(app, dict.remove, async ({ ctx, body }) => {
    const ids = [...new Set(body.ids.filter((id) => UUID_RE.test(id)).map((id) => id.toLowerCase()))];
    const deleted = ids.length === 0 ? 0 : await store(ctx).remove(ids);
    if (deleted === 0) throw new ApiError(404, 'dict.notFound');
    return { deleted };
  });

  serve(app, dict.items, ({ ctx, params }) => store(ctx).items(params.id));
  serve(app, dict.addItem, ({ ctx, params, body }) => store(ctx).addItem(params.id, body));
  serve(app, dict.updateItem, ({ ctx, params, body }) => store(ctx).updateItem(params.id, params.itemId, body));

  serve(app, dict.removeItem, async ({ ctx, params }) => {
    await store(ctx).removeItem(params.id, params.itemId);
    return null;
  });
}
