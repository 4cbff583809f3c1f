#!/usr/bin/env node
/**
 * Builds the integrator kit (bridge/README.md) into DIST_DIR (default dist/):
 *   bridge/portal-bridge.js          IIFE, minified, penpal inside: sets window.PortalBridge (bridge/standalone.ts)
 *   bridge/portal-bridge.mjs         ES module of bridge/module.ts (penpal inside), for bundlers
 *   bridge/portal-bridge.d.mts       its type declarations, found beside the .mjs by TypeScript 5 and 7
 *                                    (types/ holds the files they refer to); portal-bridge.d.ts the same
 *   bridge/portal-bridge.global.d.ts the `PortalBridge` global, for script-tag pages checked by TypeScript
 *   subapps/andon/                   the framework-free example app, copied as it is (no build step)
 * Other builds write into dist/ too, so nothing is emptied.
 */
import { build } from 'vite';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const dist = resolve(root, process.env.DIST_DIR ?? 'dist');
const outDir = resolve(dist, 'bridge');

/** @param {{ entry: string, format: 'iife' | 'es', fileName: string }} o */
function bundle({ entry, format, fileName }) {
  return build({
    configFile: false,
    root,
    publicDir: false,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: false,
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      lib: {
        entry: resolve(root, entry),
        formats: [format],
        name: 'PortalBridgeModule',
        fileName: () => fileName,
      },
    },
  });
}

/** Type declarations of the module and the global, emitted by the project's TypeScript. */
function declarations() {
  const types = resolve(outDir, 'types');
  rmSync(types, { recursive: true, force: true });
  execFileSync(
    process.execPath,
    [
      resolve(root, 'node_modules/typescript/bin/tsc'),
      '--ignoreConfig',
      '--declaration',
      '--emitDeclarationOnly',
      '--skipLibCheck',
      '--strict',
      '--target',
      'ES2022',
      '--module',
      'ESNext',
      '--moduleResolution',
      'bundler',
      '--lib',
      'ES2023,DOM',
      '--types',
      '',
      '--rootDir',
      root,
      '--outDir',
      types,
      resolve(root, 'bridge/module.ts'),
      resolve(root, 'bridge/standalone.ts'),
    ],
    { cwd: root, stdio: 'inherit' },
  );
  // `.d.mts` is what TypeScript looks for beside an `.mjs` import; the `.js` extension resolves to the
  // declaration file under every module resolution (node16, nodenext, bundler).
  const entry = "// Types of portal-bridge.mjs (bridge/README.md).\nexport * from './types/bridge/module.js';\n";
  writeFileSync(resolve(outDir, 'portal-bridge.d.mts'), entry);
  writeFileSync(resolve(outDir, 'portal-bridge.d.ts'), entry);
  writeFileSync(
    resolve(outDir, 'portal-bridge.global.d.ts'),
    [
      '// The global of portal-bridge.js for script-tag pages: /// <reference path="portal-bridge.global.d.ts" />',
      "import type { PortalBridgeGlobal } from './types/bridge/global.js';",
      'declare global {',
      '  const PortalBridge: PortalBridgeGlobal;',
      '  interface Window { PortalBridge?: PortalBridgeGlobal }',
      '}',
      'export {};',
      '',
    ].join('\n'),
  );
}

await bundle({ entry: 'bridge/standalone.ts', format: 'iife', fileName: 'portal-bridge.js' });
await bundle({ entry: 'bridge/module.ts', format: 'es', fileName: 'portal-bridge.mjs' });
declarations();

const andon = resolve(dist, 'subapps', 'andon');
mkdirSync(andon, { recursive: true });
cpSync(resolve(root, 'subapps', 'andon'), andon, { recursive: true });

for (const name of [
  'portal-bridge.js',
  'portal-bridge.mjs',
  'portal-bridge.d.mts',
  'portal-bridge.d.ts',
  'portal-bridge.global.d.ts',
]) {
  const bytes = statSync(resolve(outDir, name)).size;
  console.log(`${process.env.DIST_DIR ?? 'dist'}/bridge/${name}  ${(bytes / 1024).toFixed(1)} kB`);
}
