/** One migration applied unless `schema_migrations` records it, on either driver's transaction. */

/** What applying a migration needs of a connection inside its transaction. */
export interface MigrationConnection {
  /** One statement with parameters; for a SELECT, answers how many rows it returned. */
  rowCount(sqlText: string, params: unknown[]): Promise<number>;
  /** A script of several statements. */
  script(sqlText: string): Promise<void>;
}

/** Applies migration `name` unless it is recorded, and records it; true when applied. */
export async function migrateOnce(c: MigrationConnection, name: string, sqlText: string): Promise<boolean> {
  if ((await c.rowCount('SELECT 1 FROM schema_migrations WHERE name = $1', [name])) > 0) return false;
  await c.script(sqlText);
  await c.rowCount('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
  return true;
}
