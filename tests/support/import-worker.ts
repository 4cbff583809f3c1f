/**
 * Child process of the import kill test (T4.4): loads the server's modules, prints `ready` and waits
 * for a line `<prefix> <rows>` on its input (the parent starts the next trial's child while one runs;
 * PGlite's folder is opened only after the line, when the folder is free). Then opens the database
 * (DATABASE_URL, else the PGlite folder DATA_DIR), logs in as the demo admin and imports the rows as
 * units with codes `<prefix>-<n>` through the real HTTP route, printing `importing` just before and
 * `done <status>` after. The parent kills it at a random moment in between. An input closed before
 * the line ends it.
 */
import { buildApi } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDatabase } from '../../server/db/index';

process.stdout.write('ready\n');
const line = await new Promise<string | null>((resolve) => {
  let input = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    input += chunk;
    if (input.includes('\n')) resolve(input.slice(0, input.indexOf('\n')));
  });
  process.stdin.on('end', () => resolve(null));
});
process.stdin.destroy();
if (line === null) process.exit(0);
const [prefix, rowsArg] = line.split(' ');
if (!prefix || !rowsArg) throw new Error('expected a line `<prefix> <rows>`');
const config = loadConfig({ ...process.env, LOGIN_CAPTCHA: 'off', LOG_LEVEL: 'silent' });
const database = await createDatabase(config, { migrate: false });
const app = await buildApi({ db: database.db, config, logger: false });
await app.ready();

const basic = `Basic ${Buffer.from(`${config.webClientId}:${config.webClientSecret}`).toString('base64')}`;
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  headers: { authorization: basic },
  payload: { tenantCode: 'demo', account: 'admin', password: config.adminPassword },
});
const token = (login.json() as { data: { token: string } }).data.token;
const factory = (
  await database.db.selectFrom('factory').select('id').where('code', '=', 'F001').executeTakeFirstOrThrow()
).id;

const lines = ['code,name,type,accuracy'];
for (let i = 0; i < Number(rowsArg); i++) lines.push(`${prefix}-${i},Unit ${i},quantity,${i % 10}`);
const boundary = '----killtest';
const payload = Buffer.concat([
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="units.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  ),
  Buffer.from(lines.join('\n')),
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);
process.stdout.write('importing\n');
const res = await app.inject({
  method: 'POST',
  url: '/api/basic-system/unit/import',
  headers: {
    authorization: `Bearer ${token}`,
    'x-factory-id': factory,
    'content-type': `multipart/form-data; boundary=${boundary}`,
  },
  payload,
});
process.stdout.write(`done ${res.statusCode}\n`);
await app.close();
await database.close();
