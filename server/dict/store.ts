/** Dictionaries and their items in the database: every statement of server/dict, scoped by tenant and audited. */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Dict, DictItem } from '../../model/dict';
import type { DB, DictItemTable } from '../db/types';
import { ApiError } from '../http';
import { onUniqueViolation } from '../db/errors';
import { recordRows } from '../audit/record';
import type { AuditActor } from '../audit/write';
import { containsPattern } from '../db/patterns';
import { pageOf } from '../db/page';
import { iso } from '../dates';

const typeTaken = () => new ApiError(409, 'dict.duplicateType');
const valueTaken = () => new ApiError(409, 'dictItem.duplicateValue');

export interface DictFields {
  name: string;
  type: string;
  remark?: string;
}
export interface DictItemFields {
  label: string;
  value: string;
  sort: number;
}

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

async function getDict(db: Kysely<DB>, tenantId: string, id: string): Promise<Dict> {
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

/** One tenant's dictionaries, written on behalf of `actor`. */
export class DictStore {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly tenantId: string,
    private readonly actor: AuditActor,
  ) {}

  async list(query: { name?: string; type?: string; page: number; size: number }) {
    const { db, tenantId } = this;
    let q = dictQuery(db, tenantId);
    let c = db
      .selectFrom('dict as d')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('d.tenant_id', '=', tenantId);
    if (query.name) {
      q = q.where('d.name', 'ilike', containsPattern(query.name));
      c = c.where('d.name', 'ilike', containsPattern(query.name));
    }
    if (query.type) {
      q = q.where('d.type', 'ilike', containsPattern(query.type));
      c = c.where('d.type', 'ilike', containsPattern(query.type));
    }
    return pageOf(
      query,
      (limit, offset) =>
        q.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(limit).offset(offset).execute(),
      () => c.executeTakeFirstOrThrow(),
      toDict,
    );
  }

  get(id: string): Promise<Dict> {
    return getDict(this.db, this.tenantId, id);
  }

  async create(fields: DictFields): Promise<Dict> {
    const made = await onUniqueViolation(
      () =>
        this.db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('dict')
            .values({ tenant_id: this.tenantId, name: fields.name, type: fields.type, remark: fields.remark })
            .returningAll()
            .executeTakeFirstOrThrow();
          await recordRows(trx, this.actor, 'dict', 'create', [
            { id: row.id, code: row.type, before: null, after: row },
          ]);
          return row;
        }),
      typeTaken,
    );
    return this.get(made.id);
  }

  async update(id: string, fields: DictFields): Promise<Dict> {
    await onUniqueViolation(
      () =>
        this.db.transaction().execute(async (trx) => {
          const before = await trx
            .selectFrom('dict')
            .selectAll()
            .where('tenant_id', '=', this.tenantId)
            .where('id', '=', id)
            .forUpdate()
            .executeTakeFirst();
          if (!before) throw new ApiError(404, 'dict.notFound');
          const after = await trx
            .updateTable('dict')
            .set({
              name: fields.name,
              type: fields.type,
              remark: fields.remark,
              updated_at: sql<Date>`clock_timestamp()`,
            })
            .where('tenant_id', '=', this.tenantId)
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow();
          await recordRows(trx, this.actor, 'dict', 'update', [{ id: after.id, code: after.type, before, after }]);
        }),
      typeTaken,
    );
    return this.get(id);
  }

  /** Deletes the dictionaries (with their items) of the ids that are the tenant's; how many went. */
  remove(ids: string[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('dict')
        .selectAll()
        .where('tenant_id', '=', this.tenantId)
        .where('id', 'in', ids)
        .forUpdate()
        .execute();
      if (found.length === 0) return 0;
      const foundIds = found.map((f) => f.id);
      const items = await trx
        .deleteFrom('dict_item')
        .where('tenant_id', '=', this.tenantId)
        .where('dict_id', 'in', foundIds)
        .returningAll()
        .execute();
      const res = await trx
        .deleteFrom('dict')
        .where('tenant_id', '=', this.tenantId)
        .where('id', 'in', foundIds)
        .executeTakeFirst();
      await recordRows(
        trx,
        this.actor,
        'dict-item',
        'delete',
        items.map((i) => ({ id: i.id, code: i.value, before: i, after: null })),
      );
      await recordRows(
        trx,
        this.actor,
        'dict',
        'delete',
        found.map((d) => ({ id: d.id, code: d.type, before: d, after: null })),
      );
      return Number(res.numDeletedRows);
    });
  }

  async items(dictId: string): Promise<DictItem[]> {
    await assertDict(this.db, this.tenantId, dictId);
    const rows = await this.db
      .selectFrom('dict_item')
      .select(['id', 'dict_id', 'label', 'value', 'sort'])
      .where('tenant_id', '=', this.tenantId)
      .where('dict_id', '=', dictId)
      .orderBy('sort')
      .orderBy('value')
      .execute();
    return rows.map(toItem);
  }

  async addItem(dictId: string, fields: DictItemFields): Promise<DictItem> {
    await assertDict(this.db, this.tenantId, dictId);
    const row = await onUniqueViolation(
      () =>
        this.db.transaction().execute(async (trx) => {
          const made = await trx
            .insertInto('dict_item')
            .values({ tenant_id: this.tenantId, dict_id: dictId, ...fields })
            .returningAll()
            .executeTakeFirstOrThrow();
          await recordRows(trx, this.actor, 'dict-item', 'create', [
            { id: made.id, code: made.value, before: null, after: made },
          ]);
          return made;
        }),
      valueTaken,
    );
    return toItem(row);
  }

  async updateItem(dictId: string, itemId: string, fields: DictItemFields): Promise<DictItem> {
    await assertDict(this.db, this.tenantId, dictId);
    const row = await onUniqueViolation(
      () =>
        this.db.transaction().execute(async (trx) => {
          const before = await trx
            .selectFrom('dict_item')
            .selectAll()
            .where('tenant_id', '=', this.tenantId)
            .where('dict_id', '=', dictId)
            .where('id', '=', itemId)
            .forUpdate()
            .executeTakeFirst();
          if (!before) throw new ApiError(404, 'dictItem.notFound');
          const after = await trx
            .updateTable('dict_item')
            .set({ ...fields, updated_at: sql<Date>`clock_timestamp()` })
            .where('tenant_id', '=', this.tenantId)
            .where('dict_id', '=', dictId)
            .where('id', '=', itemId)
            .returningAll()
            .executeTakeFirstOrThrow();
          await recordRows(trx, this.actor, 'dict-item', 'update', [
            { id: after.id, code: after.value, before, after },
          ]);
          return after;
        }),
      valueTaken,
    );
    return toItem(row);
  }

  removeItem(dictId: string, itemId: string): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      const gone = await trx
        .deleteFrom('dict_item')
        .where('tenant_id', '=', this.tenantId)
        .where('dict_id', '=', dictId)
        .where('id', '=', itemId)
        .returningAll()
        .executeTakeFirst();
      if (!gone) throw new ApiError(404, 'dictItem.notFound');
      await recordRows(trx, this.actor, 'dict-item', 'delete', [
        { id: gone.id, code: gone.value, before: gone, after: null },
      ]);
    });
  }
}
