import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = resolve(import.meta.dirname, '../../scripts/lint-imports.mjs');
let dir = '';

function tree(files: Record<string, string>) {
  dir = mkdtempSync(join(tmpdir(), 'lint-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const res = spawnSync(process.execPath, [script, '--root', dir], { encoding: 'utf8' });
  return { status: res.status, out: res.stdout + res.stderr };
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('import directions (DESIGN §2)', () => {
  it('accepts the allowed directions', () => {
    const r = tree({
      'model/a.ts': 'export const a = 1;',
      'bridge/b.ts': "import { a } from '../model/a';",
      'shell/s.ts': "import '../bridge/b'; import '../model/a';",
      'subapps/kit/k.ts': "import '../../bridge/b';",
      'subapps/platform/p.ts': "import '../kit/k';",
      'server/x.ts': "import '../model/a';",
    });
    expect(r.out).toContain('ok');
    expect(r.status).toBe(0);
  });

  it.each([
    ['model importing the bridge', { 'model/a.ts': "import '../bridge/b';", 'bridge/b.ts': '' }],
    ['the shell importing a sub-app', { 'shell/s.ts': "import '../subapps/platform/p';", 'subapps/platform/p.ts': '' }],
    ['a sub-app importing the shell', { 'subapps/basic/x.ts': "export * from '../../shell/s';", 'shell/s.ts': '' }],
    ['a sub-app importing another', { 'subapps/basic/x.ts': "import('../platform/p');", 'subapps/platform/p.ts': '' }],
    ['the shell importing the server', { 'shell/s.ts': "import { x } from '../server/x';", 'server/x.ts': '' }],
    ['the bridge importing the shell', { 'bridge/b.ts': "import '../shell/s';", 'shell/s.ts': '' }],
  ])('refuses %s', (_name, files) => {
    const r = tree(files as Record<string, string>);
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/violation/);
  });
});
