/** Dictionaries and their items (tenant-scoped): /api/platform-system/dict… */
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import { dict } from '../../model/contract/dict';
import type { Dict, DictItem } from '../../model/dict';
import type { DB, DictItemTable } from '../db/types';
import { ApiError, UUID_RE } from '../http';
import { isUniqueViolation } from '../db/errors';
import { serve } from '../serve';
import { actorOf } from '../audit/write';
import { recordRows } from '../audit/record';

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const toItem = (r: Pick<Selectable<DictItemTable>, 'id' | 'dict_id' | 'label' | 'value' | 'sort'>): DictItem => ({
  id: r.id,
  dictId: r.dict_id,
  label: r.label,
  value: r.value,
  sort: Number(r.sort),
});

function dictQuery(db: Kysely<DB>, tenantId: string) {
  return db
    .selectFrom('dict as d')
    .select((eb) => [
      'd.id',
      'd.name',
      'd.type',
      'd.remark',
      'd.created_at',
      'd.updated_at',
      eb
        .selectFrom('dict_item as i')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('i.tenant_id', '=', 'd.tenant_id')
        .whereRef('i.dict_id', '=', 'd.id')
        .as('item_count'),
    ])
    .where('d.tenant_id', '=', tenantId);
}

type DictRow = Awaited<ReturnType<ReturnType<typeof dictQuery>['executeTakeFirstOrThrow']>>;

const toDict = (r: DictRow): Dict => ({
  id: r.id,
  name: r.name,
  type: r.type,
  remark: r.remark,
  itemCount: Number(r.item_count ?? 0),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

export async function getDict(db: Kysely<DB>, tenantId: string, id: string): Promise<Dict> {
  const row = await dictQuery(db, tenantId).where('d.id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, 'dict.notFound');
  return toDict(row);
}

async function assertDict(db: Kysely<DB>, tenantId: string, id: string): Promise<void> {
  const row = await db
    .selectFrom('dict')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'dict.notFound');
}

export function dictRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;

  serve(app, dict.list, async ({ ctx, query }) => {
    let q = dictQuery(db, ctx.tenantId);
    let c = db
      .selectFrom('dict as d')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('d.tenant_id', '=', ctx.tenantId);
    if (query.name) {
      q = q.where('d.name', 'ilike', likePattern(query.name));
      c = c.where('d.name', 'ilike', likePattern(query.name));
    }
    if (query.type) {
      q = q.where('d.type', 'ilike', likePattern(query.type));
      c = c.where('d.type', 'ilike', likePattern(query.type));
    }
    const [rows, count] = await Promise.all([
      q
        .orderBy('d.created_at', 'desc')
        .orderBy('d.id', 'desc')
        .limit(query.size)
        .offset((query.page - 1) * query.size)
        .execute(),
      c.executeTakeFirstOrThrow(),
    ]);
    return { records: rows.map(toDict), total: Number(count.n), page: query.page, size: query.size };
  });

  serve(app, dict.get, async ({ ctx, params }) => getDict(db, ctx.tenantId, params.id));

  serve(app, dict.create, async ({ ctx, body }) => {
    try {
      const row = await db.transaction().execute(async (trx) => {
        const made = await trx
          .insertInto('dict')
          .values({ tenant_id: ctx.tenantId, name: body.name, type: body.type, remark: body.remark })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordRows(trx, actorOf(ctx), 'dict', 'create', [
          { id: made.id, code: made.type, before: null, after: made },
        ]);
        return made;
      });
      return await getDict(db, ctx.tenantId, row.id);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError(409, 'dict.duplicateType');
      throw err;
    }
  });

  serve(app, dict.update, async ({ ctx, params, body }) => {
    await assertDict(db, ctx.tenantId, params.id);
    try {
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('dict')
          .selectAll()
          .where('tenant_id', '=', ctx.tenantId)
          .where('id', '=', params.id)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw new ApiError(404, 'dict.notFound');
        const after = await trx
          .updateTable('dict')
          .set({ name: body.name, type: body.type, remark: body.remark, updated_at: sql<Date>`clock_timestamp()` })
          .where('tenant_id', '=', ctx.tenantId)
          .where('id', '=', params.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordRows(trx, actorOf(ctx), 'dict', 'update', [{ id: after.id, code: after.type, before, after }]);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError(409, 'dict.duplicateType');
      throw err;
    }
    return getDict(db, ctx.tenantId, params.id);
  });

  serve(app, dict.remove, async ({ ctx, body }) => {
    const ids = [...new Set(body.ids.filter((id) => UUID_RE.test(id)).map((id) => id.toLowerCase()))];
    if (ids.length === 0) throw new ApiError(404, 'dict.notFound');
    const deleted = await db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('dict')
        .selectAll()
        .where('tenant_id', '=', ctx.tenantId)
        .where('id', 'in', ids)
        .forUpdate()
        .execute();
      if (found.length === 0) return 0;
      const foundIds = found.map((f) => f.id);
      const items = await trx
        .deleteFrom('dict_item')
        .where('tenant_id', '=', ctx.tenantId)
        .where('dict_id', 'in', foundIds)
        .returningAll()
        .execute();
      const res = await trx
        .deleteFrom('dict')
        .where('tenant_id', '=', ctx.tenantId)
        .where('id', 'in', foundIds)
        .executeTakeFirst();
      const actor = actorOf(ctx);
      await recordRows(
        trx,
        actor,
        'dict-item',
        'delete',
        items.map((i) => ({ id: i.id, code: i.value, before: i, after: null })),
      );
      await recordRows(
        trx,
        actor,
        'dict',
        'delete',
        found.map((d) => ({ id: d.id, code: d.type, before: d, after: null })),
      );
      return Number(res.numDeletedRows);
    });
    if (deleted === 0) throw new ApiError(404, 'dict.notFound');
    return { deleted };
  });

  serve(app, dict.items, async ({ ctx, params }) => {
    await assertDict(db, ctx.tenantId, params.id);
    const rows = await db
      .selectFrom('dict_item')
      .select(['id', 'dict_id', 'label', 'value', 'sort'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('dict_id', '=', params.id)
      .orderBy('sort')
      .orderBy('value')
      .execute();
    return rows.map(toItem);
  });

  serve(app, dict.addItem, async ({ ctx, params, body }) => {
    await assertDict(db, ctx.tenantId, params.id);
    try {
      const row = await db.transaction().execute(async (trx) => {
        const made = await trx
          .insertInto('dict_item')
          .values({
            tenant_id: ctx.tenantId,
            dict_id: params.id,
            label: body.label,
            value: body.value,
            sort: body.sort,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordRows(trx, actorOf(ctx), 'dict-item', 'create', [
          { id: made.id, code: made.value, before: null, after: made },
        ]);
        return made;
      });
      return toItem(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError(409, 'dictItem.duplicateValue');
      throw err;
    }
  });

  serve(app, dict.updateItem, async ({ ctx, params, body }) => {
    await assertDict(db, ctx.tenantId, params.id);
    try {
      const row = await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('dict_item')
          .selectAll()
          .where('tenant_id', '=', ctx.tenantId)
          .where('dict_id', '=', params.id)
          .where('id', '=', params.itemId)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw new ApiError(404, 'dictItem.notFound');
        const after = await trx
          .updateTable('dict_item')
          .set({ label: body.label, value: body.value, sort: body.sort, updated_at: sql<Date>`clock_timestamp()` })
          .where('tenant_id', '=', ctx.tenantId)
          .where('dict_id', '=', params.id)
          .where('id', '=', params.itemId)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordRows(trx, actorOf(ctx), 'dict-item', 'update', [
          { id: after.id, code: after.value, before, after },
        ]);
        return after;
      });
      return toItem(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError(409, 'dictItem.duplicateValue');
      throw err;
    }
  });

  serve(app, dict.removeItem, async ({ ctx, params }) => {
    await db.transaction().execute(async (trx) => {
      const gone = await trx
        .deleteFrom('dict_item')
        .where('tenant_id', '=', ctx.tenantId)
        .where('dict_id', '=', params.id)
        .where('id', '=', params.itemId)
        .returningAll()
        .executeTakeFirst();
      if (!gone) throw new ApiError(404, 'dictItem.notFound');
      await recordRows(trx, actorOf(ctx), 'dict-item', 'delete', [
        { id: gone.id, code: gone.value, before: gone, after: null },
      ]);
    });
    return null;
  });
}
