/** The sub-application registry (model/catalogue.ts) in the database. */
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { APP_CATALOGUE, i18n } from '../../model/catalogue';

/** Inserts the sub-application registry once (skipped when the app table has rows). */
export async function seedApps(db: Kysely<DB>): Promise<number> {
  const existing = await db.selectFrom('app').select('id').limit(1).execute();
  if (existing.length > 0) return 0;
  await db
    .insertInto('app')
    .values(
      APP_CATALOGUE.map((a, i) => ({
        app_type: a.appType,
        app_name: a.names[2],
        name_i18n: JSON.stringify(i18n(a.names)),
        full_name_i18n: JSON.stringify(i18n(a.fullNames)),
        url: null,
        port_offset: a.portOffset,
        prefix_path: a.prefixPath,
        fullscreen: a.fullscreen ?? false,
        status: 'enabled' as const,
        is_default: true,
        sort: (i + 1) * 10,
      })),
    )
    .execute();
  return APP_CATALOGUE.length;
}
