#!/usr/bin/env node
/**
 * `npm run dev`: the front end rebuilt on every change (vite build --watch) and the server restarted
 * on every change of its sources (tsx watch). Reload the page to see a front-end change.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const children = [spawn('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' })];
children[0].on('exit', (code) => {
  if (code !== 0) process.exit(code ?? 1);
  children.push(
    spawn('npx', ['vite', 'build', '--watch', '--emptyOutDir', 'false'], { cwd: root, stdio: 'inherit' }),
    spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], { cwd: root, stdio: 'inherit' }),
  );
});
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
