#!/usr/bin/env node
/**
 * Builds the bridge for sub-apps that do not bundle it themselves:
 *   dist/bridge/portal-bridge.js   IIFE, minified, penpal inside: sets window.PortalBridge (bridge/standalone.ts)
 *   dist/bridge/portal-bridge.mjs  ES module of bridge/child.ts (penpal inside)
 * Other builds write into dist/ too, so nothing is emptied.
 */
import { build } from 'vite';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const outDir = resolve(root, process.env.DIST_DIR ?? 'dist', 'bridge');

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

await bundle({ entry: 'bridge/standalone.ts', format: 'iife', fileName: 'portal-bridge.js' });
await bundle({ entry: 'bridge/child.ts', format: 'es', fileName: 'portal-bridge.mjs' });

for (const name of ['portal-bridge.js', 'portal-bridge.mjs']) {
  const bytes = statSync(resolve(outDir, name)).size;
  console.log(`dist/bridge/${name}  ${(bytes / 1024).toFixed(1)} kB`);
}
