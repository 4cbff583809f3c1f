/**
 * Starts a throw-away PostgreSQL from the machine's binaries (for the `postgres` variants of the
 * server tests) and exposes its admin URL as `pgUrl`. Without binaries the variants are skipped.
 * Also makes the run's folder (`runDir`): the files tests store, and the seeded databases every
 * file starts from (tests/server/harness.ts); it is removed when the run ends.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string | null;
    runDir: string;
  }
}

function findBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    const versions = fs
      .readdirSync(root)
      .filter(
        (v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')) && fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')),
      )
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(root, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const initdb = which.stdout.trim();
  if (which.status === 0 && initdb) {
    const dir = path.dirname(fs.realpathSync(initdb));
    if (fs.existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export default async function setup(project: TestProject) {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-run-'));
  project.provide('runDir', runDir);
  const removeRunDir = () => fs.rmSync(runDir, { recursive: true, force: true });
  const stopPostgres = await startPostgres(project);
  return async () => {
    await stopPostgres?.();
    removeRunDir();
  };
}

async function startPostgres(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const bin = findBinDir();
  if (!bin) {
    console.warn('[server tests] No PostgreSQL binaries (initdb, pg_ctl) found: the postgres variants are skipped.');
    project.provide('pgUrl', null);
    return;
  }
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
  const data = path.join(dir, 'data');
  const run = (cmd: string, args: string[]) => {
    const full = path.join(bin, cmd);
    if (asRoot)
      return execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe', encoding: 'utf8' });
    return execFileSync(full, args, { stdio: 'pipe', encoding: 'utf8' });
  };
  try {
    if (asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      fs.chownSync(dir, uid, gid);
    }
    const port = await freePort();
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
    run('pg_ctl', ['-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
    project.provide('pgUrl', `postgres://postgres@127.0.0.1:${port}/postgres`);
  } catch (err) {
    const e = err as { message: string; stderr?: string };
    console.warn(
      `[server tests] Could not start PostgreSQL (${e.stderr?.trim() || e.message}): the postgres variants are skipped.`,
    );
    project.provide('pgUrl', null);
    fs.rmSync(dir, { recursive: true, force: true });
    return;
  }
  return async () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      /* already stopped */
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
