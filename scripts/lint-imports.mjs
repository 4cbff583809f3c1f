#!/usr/bin/env node
/**
 * Enforces the import directions of DESIGN §2 over every source file: a relative or absolute import
 * that crosses into a forbidden area is an error. Prints each violation and exits 1 if any.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const rootArg = process.argv.indexOf('--root');
const root = rootArg > 0 ? resolve(process.argv[rootArg + 1]) : resolve(import.meta.dirname, '..');
const AREAS = ['model', 'bridge', 'locales', 'server', 'shell', 'subapps', 'tests', 'scripts'];

/** What each area may import of ours (besides itself). */
const ALLOWED = {
  model: [],
  bridge: ['model'],
  // Locale data plus the glue that maps languages (model) to Arco's own locale packs.
  locales: ['model'],
  // The server reads its message namespaces (server, model) from locales.
  server: ['model', 'locales'],
  shell: ['bridge', 'model', 'locales'],
  subapps: ['bridge', 'model', 'locales'],
  tests: ['model', 'bridge', 'locales', 'server', 'shell', 'subapps', 'scripts'],
  scripts: ['model', 'bridge', 'locales'],
};

const SOURCE = /\.(ts|tsx|mts|js|mjs|cjs)$/;
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]\s*\)/g;

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else if (SOURCE.test(name)) yield full;
  }
}

const areaOf = (file) => relative(root, file).split(sep)[0];
/** subapps/<name> is its own island: it may use subapps/kit, never another app. */
const subappOf = (file) => {
  const parts = relative(root, file).split(sep);
  return parts[0] === 'subapps' ? parts[1] : null;
};

const violations = [];
for (const area of AREAS) {
  let dir;
  try {
    dir = statSync(join(root, area)).isDirectory() ? join(root, area) : null;
  } catch {
    dir = null;
  }
  if (!dir) continue;
  for (const file of walk(dir)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3] ?? m[4];
      if (!spec || !spec.startsWith('.')) continue;
      const target = resolve(dirname(file), spec);
      const to = areaOf(target);
      if (!AREAS.includes(to)) continue;
      const line = text.slice(0, m.index).split('\n').length;
      const where = `${relative(root, file)}:${line}`;
      if (to !== area && !ALLOWED[area].includes(to)) {
        violations.push(`${where}: ${area}/ must not import ${to}/ ('${spec}')`);
      }
      const from = subappOf(file);
      const into = subappOf(target);
      if (area === 'subapps' && to === 'subapps' && into !== from && into !== 'kit') {
        violations.push(`${where}: subapps/${from} must not import another sub-app ('${spec}')`);
      }
      if (area === 'subapps' && from === 'kit' && into !== 'kit' && to === 'subapps') {
        violations.push(`${where}: subapps/kit must not import a sub-app ('${spec}')`);
      }
    }
  }
}

if (violations.length) {
  console.error(violations.join('\n'));
  console.error(`import directions: ${violations.length} violation(s) (DESIGN §2)`);
  process.exit(1);
}
console.log('import directions: ok');
