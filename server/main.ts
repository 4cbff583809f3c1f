/** Entry: config → database (migrate, seed) → API + shell on PORT, sub-apps on their ports. */
import type { FastifyInstance } from 'fastify';
import { loadConfig } from './config';
import { createDatabase, type Database } from './db/index';
import { DEMO_ACCOUNTS, DEMO_TENANT, SECOND_TENANT, seed } from './seed';
import { buildApi, loggerOptions } from './app';
import { buildSubappServer, distExists, SERVED_SUBAPPS, shellWeb } from './web';

async function main(): Promise<void> {
  const config = loadConfig();
  let database: Database;
  try {
    database = await createDatabase(config);
  } catch (err) {
    console.error(`\nCannot open the database: ${(err as Error).message}\n`);
    process.exit(1);
  }
  const servers: FastifyInstance[] = [];
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    servers[0]?.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    for (const s of servers) await s.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    const seeded = await seed(database.db, config);
    const hasDist = distExists(config);
    const app = await buildApi({
      db: database.db,
      config,
      extend: hasDist ? shellWeb(config, database.db) : undefined,
    });
    servers.push(app);
    await app.listen({ port: config.port, host: config.host });
    if (hasDist) {
      for (const sub of SERVED_SUBAPPS) {
        const s = await buildSubappServer(sub.name, config, loggerOptions(config.logLevel));
        servers.push(s);
        await s.listen({ port: config.subappPortBase + sub.portOffset, host: config.host });
      }
    } else {
      app.log.warn(
        { distDir: config.distDir },
        'no built front end in DIST_DIR: serving the API only (run npm run build)',
      );
    }
    app.log.info({ port: config.port, database: database.kind }, 'portal started');
    const password = config.adminPasswordIsDefault ? config.adminPassword : 'the password from ADMIN_PASSWORD';
    const asSeeded = seeded.seeded ? '' : ' (as set when this database was first seeded)';
    const lines = [
      '',
      '  Manufacturing portal is running',
      `  URL:       http://localhost:${config.port}`,
      `  Database:  ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
      `  Demo login: tenant ${DEMO_TENANT.code}, password ${password}${asSeeded}, accounts:`,
      `    ${DEMO_TENANT.account.padEnd(12)} administrator: every menu, both factories`,
      ...DEMO_ACCOUNTS.map((a) => `    ${a.account.padEnd(12)} ${a.shows}`),
      ...(config.demoSecondTenant
        ? [`  Second tenant: ${SECOND_TENANT.code}, account ${SECOND_TENANT.account}, the same password`]
        : []),
      '',
    ];
    console.log(lines.join('\n'));
  } catch (err) {
    console.error(err);
    for (const s of servers) await s.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(1);
  }
}

void main();
