/**
 * Child process of the PGlite kill test (T4.5): opens the data folder, then commits one row per
 * transaction forever, printing each id only after its commit returned. The parent kills it.
 */
import { createDatabase } from '../../server/db/index';
import { loadConfig } from '../../server/config';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: pglite-writer <dataDir>');
const database = await createDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { migrate: false });
await database.runScript('CREATE TABLE IF NOT EXISTS kill_probe (id bigint PRIMARY KEY, payload text NOT NULL)');
process.stdout.write('ready\n');
let next =
  Number(
    (
      (await database.db
        .selectFrom('kill_probe' as never)
        .select((eb) => eb.fn.max('id' as never).as('m'))
        .executeTakeFirst()) as { m: string | null } | undefined
    )?.m ?? 0,
  ) + 1;
for (;;) {
  const id = next++;
  await database.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('kill_probe' as never)
      .values({ id, payload: 'x'.repeat(200) } as never)
      .execute();
  });
  process.stdout.write(`${id}\n`);
}
