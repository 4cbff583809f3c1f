/** Debian's PgBouncer in transaction mode in front of a test PostgreSQL, for the pooling and scale-out tests. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => fs.existsSync(p)) ?? null;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('pgbouncer did not listen');
}

export interface Bouncer {
  port: number;
  /** `postgres://…` of `database` through the bouncer. */
  url(database: string): string;
  stop(): Promise<void>;
}

/** Starts PgBouncer (transaction mode, `poolSize` server connections) in front of the server of `pgUrl`. */
export async function startPgBouncer(pgUrl: string, poolSize: number): Promise<Bouncer> {
  if (!PGBOUNCER) throw new Error('pgbouncer is not installed');
  const admin = new URL(pgUrl);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pgb-'));
  const port = await freePort();
  fs.writeFileSync(path.join(dir, 'users.txt'), '"postgres" ""\n');
  fs.writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${admin.hostname} port=${admin.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 400',
      'ignore_startup_parameters = extra_float_digits',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const args = [PGBOUNCER, path.join(dir, 'pgbouncer.ini')];
  // PgBouncer refuses to run as root.
  const child = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', ...args], { stdio: 'ignore' })
    : spawn(args[0]!, args.slice(1), { stdio: 'ignore' });
  await waitForPort(port, child);
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 200));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
