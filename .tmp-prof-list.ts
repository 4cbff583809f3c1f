import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApi } from './server/app';
import { loadConfig } from './server/config';
import { createDatabase, migrate } from './server/db/index';
import { seed } from './server/db/seed';
import { apiPath } from './model/engine';
import { TABLES, benchApi, benchItem, fill, directList, timeAlternating, pct } from './tests/bench/resources';
import { startPostgres } from './tests/bench/postgres';

const pg = (await startPostgres())!;
const env: Record<string, string> = { LOG_LEVEL: 'silent', LOGIN_CAPTCHA: 'off', ADMIN_PASSWORD: 'Admin@2026', DATA_DIR: mkdtempSync(join(tmpdir(), 'p-')), DATABASE_URL: pg.url };
const config = loadConfig(env);
const database = await createDatabase(config);
await seed(database.db, config);
await database.runScript(TABLES);
await migrate(database);
const db = database.db;
const tenant = await db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();
const factory = await db.selectFrom('factory').select('id').where('tenant_id', '=', tenant.id).orderBy('code').executeTakeFirstOrThrow();
await fill(db, tenant.id, factory.id, Number(process.env.ROWS ?? 200000));
const full = await buildApi({ db, config, logger: false });
const login = await full.inject({ method: 'POST', url: '/api/auth/login', headers: { authorization: `Basic ${Buffer.from(`${config.webClientId}:${config.webClientSecret}`).toString('base64')}` }, payload: { tenantCode: 'demo', account: 'admin', password: 'Admin@2026' } });
const token = (login.json() as { data: { token: string } }).data.token;
await full.close();
const app = await benchApi(database, config);
const headers = { authorization: `Bearer ${token}`, 'x-factory-id': factory.id, 'accept-language': 'en' };
const url = `${apiPath(benchItem)}?page=1&size=20`;
const r = await app.inject({ method: 'GET', url, headers });
console.log(r.statusCode, r.body.length);
for (let k = 0; k < Number(process.env.RUNS ?? 3); k++) {
  const [a, d] = await timeAlternating(() => app.inject({ method: 'GET', url, headers }), directList(db, tenant.id, factory.id, { page: '1', size: '20' }), 50, 20);
  console.log('api p50', pct(a, 0.5).toFixed(2), 'direct p50', pct(d, 0.5).toFixed(2), 'ratio', (pct(a, 0.5) / pct(d, 0.5)).toFixed(2));
}
await app.close();
await database.close?.();
pg.stop();
process.exit(0);
