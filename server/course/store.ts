/** The SQL of help courses: the tenant's list in its order, inserts and updates. */
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';

/** A course's columns as administrators write them. */
export interface CourseValues {
  title: string;
  description: string | null;
  url: string;
  sort: number;
}

export function courseRows(db: Kysely<DB>, tenantId: string) {
  return db
    .selectFrom('course')
    .select(['id', 'title', 'description', 'url', 'sort'])
    .where('tenant_id', '=', tenantId)
    .orderBy('sort')
    .orderBy('created_at')
    .execute();
}

export function insertCourse(trx: Kysely<DB>, tenantId: string, userId: string, values: CourseValues) {
  return trx
    .insertInto('course')
    .values({ tenant_id: tenantId, ...values, created_by: userId })
    .returningAll()
    .executeTakeFirstOrThrow();
}
