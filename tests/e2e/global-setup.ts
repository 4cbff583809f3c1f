import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startTestProvider } from '../support/oidc';

/** Ports of the server under test; override to run several suites side by side. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);
export const E2E_SUBAPP_BASE = Number(process.env.E2E_SUBAPP_BASE ?? 14000);
/** The server's log (pino JSON lines): tests read what the log drivers write there, e.g. SMS codes. */
/** The test OpenID provider listens next to the server. */
export const E2E_OIDC_PORT = E2E_PORT + 1;
export const serverLogFile = (root: string) => join(root, '.tmp', `e2e-server-${E2E_PORT}.log`);

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

/** Starts the real server (built front end, fresh embedded database) for the browser tests. */
export default async function globalSetup() {
  const root = resolve(import.meta.dirname, '../..');
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const provider = await startTestProvider({
    port: E2E_OIDC_PORT,
    redirectUris: [`http://localhost:${E2E_PORT}/api/auth/sso/callback`],
  });
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      SUBAPP_PORT_BASE: String(E2E_SUBAPP_BASE),
      DATA_DIR: dataDir,
      LOGIN_CAPTCHA: 'off',
      LOG_LEVEL: 'info',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_CLAIM: 'preferred_username',
      // Nothing listens there: the download page must report the failure (SPEC §8).
      APP_DOWNLOAD_URL: 'http://127.0.0.1:9/mes-portal.apk',
      APP_VERSION: '1.0.0',
      // The webhook test's receiver listens on loopback, which the operator must allow; sent promptly.
      WEBHOOK_ALLOW_PRIVATE: '127.0.0.0/8,::1/128',
      WEBHOOK_INTERVAL_MS: '300',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  mkdirSync(join(root, '.tmp'), { recursive: true });
  child.stdout?.pipe(createWriteStream(serverLogFile(root)));
  await waitForHealth(`http://localhost:${E2E_PORT}/api/health`, child, 90_000);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await provider.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
