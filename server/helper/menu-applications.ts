/**
 * Menu applications: a sub-app's team applies for catalogue, menu, button and tab entries; an
 * administrator compares them with the current tree and approves (the entries are created and can
 * be granted to roles) or rejects with a reason. With a published `menu-application` process the
 * decision runs through the workflow instead.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DiffedEntry, MenuApplicationEntry } from '../../model/helper';
import type { DB } from '../db/types';
import type {} from '../db/types-helper';
import { ApiError } from '../http';
import { registerBusiness } from '../workflow/business';
import { writeHistory, type AuditActor, type HistoryInput } from '../audit/write';
import { diffFields } from '../audit/diff';
import { accountActor } from '../audit/accounts';

export const MENU_APPLICATION_PROCESS = 'menu-application';
/** The history entity of an application (the same name its workflow's signatures use). */
export const MENU_APPLICATION_ENTITY = 'menu-application';
type Db = Kysely<DB> | Transaction<DB>;

function* walk<T extends { children: T[] }>(entries: readonly T[], parent: T | null = null): Generator<[T, T | null]> {
  for (const e of entries) {
    yield [e, parent];
    yield* walk(e.children, e);
  }
}

/** The tenant's menu applications with who applied and who reviewed (a query to narrow and order). */
export function applications(db: Kysely<DB>, tenantId: string) {
  return db
    .selectFrom('menu_application as a')
    .leftJoin('app_user as u', (j) => j.onRef('u.tenant_id', '=', 'a.tenant_id').onRef('u.id', '=', 'a.applicant_id'))
    .leftJoin('app_user as r', (j) => j.onRef('r.tenant_id', '=', 'a.tenant_id').onRef('r.id', '=', 'a.reviewer_id'))
    .select([
      'a.id',
      'a.app_type',
      'a.title',
      'a.reason',
      'a.status',
      'a.review_reason',
      'a.entries',
      'a.created_at',
      'a.reviewed_at',
      'u.account as applicant',
      'r.account as reviewer',
    ])
    .where('a.tenant_id', '=', tenantId);
}

/** A new application (inside the caller's transaction); its row. */
export function insertApplication(
  trx: Kysely<DB>,
  tenantId: string,
  applicantId: string,
  input: { appType: string; title: string; reason: string; entries: readonly MenuApplicationEntry[] },
) {
  return trx
    .insertInto('menu_application')
    .values({
      tenant_id: tenantId,
      app_type: input.appType,
      title: input.title,
      reason: input.reason,
      entries: JSON.stringify(input.entries),
      applicant_id: applicantId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Shape rules the schema cannot say; the key of the first broken rule with the entry's code. */
export async function checkShape(
  db: Db,
  appType: string,
  entries: readonly MenuApplicationEntry[],
): Promise<{ key: string; code: string } | null> {
  const app = await db.selectFrom('app').select('prefix_path').where('app_type', '=', appType).executeTakeFirst();
  if (!app) return { key: 'helper.apply.unknownApp', code: appType };
  const codes = new Set<string>();
  let count = 0;
  for (const [e, parent] of walk(entries)) {
    if (++count > 200) return { key: 'helper.apply.tooMany', code: e.code };
    if (codes.has(e.code)) return { key: 'helper.apply.duplicateCode', code: e.code };
    codes.add(e.code);
    const under = parent?.type ?? null;
    const placed =
      e.type === 'catalogue'
        ? under === null || under === 'catalogue'
        : e.type === 'menu'
          ? under === null || under === 'catalogue'
          : under === 'menu';
    if (!placed) return { key: 'helper.apply.badPlace', code: e.code };
    if (e.type === 'menu') {
      if (!e.path || !app.prefix_path.includes(e.path.split('/')[1] ?? ''))
        return { key: 'helper.apply.pathOutsideApp', code: e.code };
      if (!e.perms) return { key: 'helper.apply.noPermission', code: e.code };
    }
    if ((e.type === 'button' || e.type === 'tab') && (!e.perms || e.children.length > 0))
      return { key: 'helper.apply.noPermission', code: e.code };
  }
  return null;
}

/** Each entry against the current tree: new, already there (same code), or clashing with another entry's path or permission. */
export async function diffEntries(db: Db, entries: readonly MenuApplicationEntry[]): Promise<DiffedEntry[]> {
  const all = [...walk(entries)].map(([e]) => e);
  const codes = all.map((e) => e.code);
  const paths = all.map((e) => e.path).filter((p): p is string => Boolean(p));
  const perms = all.map((e) => e.perms).filter((p): p is string => Boolean(p));
  const existing = await db
    .selectFrom('menu')
    .select(['code', 'path', 'perms'])
    .where((eb) =>
      eb.or([
        eb('code', 'in', codes),
        ...(paths.length ? [eb('path', 'in', paths)] : []),
        ...(perms.length ? [eb('perms', 'in', perms)] : []),
      ]),
    )
    .execute();
  const byCode = new Map(existing.map((m) => [m.code, m]));
  const mark = (e: MenuApplicationEntry): DiffedEntry => {
    const same = byCode.get(e.code);
    const clash = existing.find(
      (m) => m.code !== e.code && ((e.path && m.path === e.path) || (e.perms && m.perms === e.perms)),
    );
    const diff = clash ? 'conflict' : same ? 'exists' : 'new';
    return { ...e, diff, conflictWith: clash?.code ?? null, children: e.children.map(mark) };
  };
  return entries.map(mark);
}

/** Creates the new entries of an application under their parents (existing codes are reused); 409 on any conflict. */
export async function createEntries(
  trx: Transaction<DB>,
  entries: readonly MenuApplicationEntry[],
  productType: string,
  made: HistoryInput[] = [],
): Promise<number> {
  const diffed = await diffEntries(trx, entries);
  const conflict = [...walk(diffed)].find(([e]) => e.diff === 'conflict');
  if (conflict) throw new ApiError(409, 'helper.apply.conflict', { code: conflict[0].code });
  let created = 0;
  const insert = async (list: readonly MenuApplicationEntry[], parentId: string | null) => {
    let sort = 0;
    for (const e of list) {
      sort += 10;
      const found = await trx.selectFrom('menu').select('id').where('code', '=', e.code).executeTakeFirst();
      const id =
        found?.id ??
        (
          await trx
            .insertInto('menu')
            .values({
              parent_id: parentId,
              code: e.code,
              type: e.type,
              name_i18n: JSON.stringify(e.names),
              path: e.path,
              perms: e.perms,
              icon: null,
              sort: sql<number>`coalesce((select max(sort) from menu where parent_id is not distinct from ${parentId}::uuid), 0) + ${sort}`,
              product_type: productType,
              terminal_type: 'web',
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      if (!found) {
        created++;
        made.push({
          action: 'create',
          entity: 'menu',
          recordId: id,
          recordCode: e.code,
          changes: diffFields(null, {
            parentId,
            code: e.code,
            type: e.type,
            names: e.names,
            path: e.path,
            perms: e.perms,
            productType,
          }),
        });
      }
      await insert(e.children, id);
    }
  };
  await insert(entries, null);
  return created;
}

/** The tenant's administrators hold every menu (as seeded); other roles are granted the new entries in the role editor. */
async function grantToAdmins(trx: Transaction<DB>, tenantId: string, codes: string[]): Promise<void> {
  const admin = await trx
    .selectFrom('role')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('code', '=', 'admin')
    .executeTakeFirst();
  if (!admin || codes.length === 0) return;
  const menus = await trx.selectFrom('menu').select('id').where('code', 'in', codes).execute();
  if (menus.length === 0) return;
  await trx
    .insertInto('role_menu')
    .values(menus.map((m) => ({ tenant_id: tenantId, role_id: admin.id, menu_id: m.id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Approves (creating the entries) or rejects a pending application. History: the menu entries made
 * and the application's own state change, by `actor` (the reviewer alone when absent).
 */
export async function decide(
  trx: Transaction<DB>,
  tenantId: string,
  id: string,
  reviewerId: string,
  approve: boolean,
  reason: string | null,
  actor?: AuditActor,
): Promise<void> {
  const a = await trx
    .selectFrom('menu_application')
    .select(['status', 'entries', 'app_type', 'title', 'review_reason', 'reviewer_id', 'reviewed_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!a) throw new ApiError(404, 'error.notFound');
  if (a.status !== 'pending') throw new ApiError(409, 'helper.apply.decided');
  const made: HistoryInput[] = [];
  if (approve) {
    const entries = (typeof a.entries === 'string' ? JSON.parse(a.entries) : a.entries) as MenuApplicationEntry[];
    await createEntries(trx, entries, a.app_type, made);
    await grantToAdmins(
      trx,
      tenantId,
      [...walk(entries)].map(([e]) => e.code),
    );
  }
  const after = await trx
    .updateTable('menu_application')
    .set({
      status: approve ? 'approved' : 'rejected',
      review_reason: reason,
      reviewer_id: reviewerId,
      reviewed_at: new Date(),
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning(['status', 'review_reason', 'reviewer_id', 'reviewed_at'])
    .executeTakeFirstOrThrow();
  const before = {
    status: a.status,
    reviewReason: a.review_reason,
    reviewerId: a.reviewer_id,
    reviewedAt: a.reviewed_at,
  };
  made.push({
    action: 'state',
    entity: MENU_APPLICATION_ENTITY,
    recordId: id,
    recordCode: a.title,
    changes: diffFields(before, {
      status: after.status,
      reviewReason: after.review_reason,
      reviewerId: after.reviewer_id,
      reviewedAt: after.reviewed_at,
    }),
  });
  await writeHistory(trx, actor ?? (await accountActor(trx, tenantId, reviewerId)), made);
}

export function registerMenuApplicationProcess(): void {
  registerBusiness('menu-application', {
    modelKey: MENU_APPLICATION_PROCESS,
    async describe(trx, tenantId, businessId, tr) {
      const a = await trx
        .selectFrom('menu_application')
        .select(['app_type', 'title', 'reason', 'entries'])
        .where('tenant_id', '=', tenantId)
        .where('id', '=', businessId)
        .executeTakeFirst();
      if (!a) return null;
      const entries = (typeof a.entries === 'string' ? JSON.parse(a.entries) : a.entries) as MenuApplicationEntry[];
      return [
        { label: tr.tm('helper.title'), value: a.title },
        { label: tr.tm('helper.reason'), value: a.reason },
        {
          label: tr.tm('helper.entries'),
          value: [...walk(entries)]
            .map(([e]) => `${e.type} ${e.code}${e.path ? ` ${e.path}` : ''}${e.perms ? ` [${e.perms}]` : ''}`)
            .join('\n'),
        },
      ];
    },
    async onEnd(trx, end) {
      await decide(trx, end.tenantId, end.businessId, end.handlerId, end.result === 'approved', end.opinion, end.audit);
    },
  });
}
