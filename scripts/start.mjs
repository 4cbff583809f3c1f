#!/usr/bin/env node
/**
 * `npm start`: builds the front end when it is missing or older than its sources, then runs the
 * server (embedded PGlite unless DATABASE_URL is set), which migrates, seeds and prints the login.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const stamp = join(root, 'dist', 'shell', 'index.html');
const SOURCES = ['shell', 'subapps', 'bridge', 'model', 'locales', 'vite.config.ts', 'package-lock.json'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), st.mtimeMs);
}

const builtAt = existsSync(stamp) && existsSync(join(root, 'dist', 'bridge')) ? statSync(stamp).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((s) => newest(join(root, s))));
if (builtAt < sourcesAt || process.env.FORCE_BUILD === '1') {
  console.log(
    builtAt ? 'Sources changed since the last build: building the front end…' : 'Building the front end (first start)…',
  );
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
