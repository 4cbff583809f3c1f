/**
 * A page served over https upgrades its requests (SPEC §2): the shell behind a TLS-terminating
 * proxy (a self-signed certificate made by openssl for the test) turns a plain-http call into https.
 * The server under test does not trust proxy headers, so this is the page's own upgrade. The browser
 * reaches the proxy by a name (loopback addresses count as secure and are never upgraded).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';

const UPSTREAM = Number(process.env.E2E_PORT ?? 18080);
const HOST = 'portal.test';

let dir: string;
let proxy: https.Server;
let port: number;
const forwarded: string[] = [];

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-tls-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      `/CN=${HOST}`,
      '-addext',
      `subjectAltName=DNS:${HOST}`,
    ],
    { stdio: 'ignore' },
  );
  proxy = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (req, res) => {
    forwarded.push(req.url ?? '');
    const upstream = http.request(
      {
        host: 'localhost',
        port: UPSTREAM,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: `localhost:${UPSTREAM}`, 'x-forwarded-proto': 'https' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  port = (proxy.address() as AddressInfo).port;
});

test.afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a page served over https sends its plain-http requests over https', async () => {
  const launch = test.info().project.use.launchOptions ?? {};
  const browser = await chromium.launch({
    ...launch,
    args: [...(launch.args ?? []), `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  });
  try {
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    await page.goto(`https://${HOST}:${port}/en/login`);
    await expect(page.locator('input[name="tenantCode"]')).toBeVisible();

    const sent: string[] = [];
    page.on('request', (r) => sent.push(r.url()));
    // Sent as written, the browser would block it as mixed content.
    const status = await page.evaluate(async (url) => {
      try {
        return (await fetch(url)).status;
      } catch (err) {
        return String(err);
      }
    }, `http://${HOST}:${port}/api/health?from=page`);
    expect(status).toBe(200);
    expect(sent).toContain(`https://${HOST}:${port}/api/health?from=page`);
    expect(forwarded).toContain('/api/health?from=page');
  } finally {
    await browser.close();
  }
});
