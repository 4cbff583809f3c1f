/**
 * Webhooks in the browser (issue 26): an administrator registers an endpoint, copies the secret shown
 * once, and sees in the delivery log an alarm's delivery that a receiver on loopback verified with that
 * secret; "send again" sends it once more with the same id.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { login, token } from './support';

test('register an endpoint, see a signed delivery arrive and send it again', async ({ page }) => {
  test.setTimeout(120_000);
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mes`;
  try {
    await login(page, 'en');
    await page.goto('/en/platform/webhook');
    const frame = page.frameLocator('[data-testid="frame-platform"]');
    await expect(frame.getByTestId('page-webhook')).toBeVisible();
    const name = `Andon bus ${Date.now().toString(36)}`;
    await frame.getByTestId('webhook-add').click();
    await frame.getByTestId('webhook-name').fill(name);
    await frame.getByTestId('webhook-url').fill(url);
    await frame.locator('.arco-modal:visible').getByText('Alarm raised (alarm.raised)').click();
    await frame.getByTestId('webhook-save').click();
    const secret = (await frame.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await frame.getByTestId('webhook-secret-done').click();
    const row = frame.getByTestId('webhooks-table').locator('tbody tr', { hasText: name });
    await expect(row).toContainText('Alarm raised');
    await expect(frame.getByTestId('webhooks-table')).not.toContainText(secret);

    const raised = await page.request.post('/api/platform-system/alarm/raise', {
      headers: { authorization: `Bearer ${await token(page)}`, 'accept-language': 'en' },
      data: {
        number: `WH-${Date.now().toString(36)}`,
        type: 'andon',
        sourceSystem: 'ANDON',
        description: 'Line 2 stopped',
        level: 'info',
        factoryCode: 'F001',
      },
    });
    expect(raised.status()).toBe(200);
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    const first = received[0]!;
    const ts = String(first.headers['x-mes-timestamp']);
    expect(first.headers['x-mes-signature']).toBe(
      `sha256=${createHmac('sha256', secret).update(`${ts}.${first.body}`).digest('hex')}`,
    );

    await frame.getByTestId(`webhook-log-${name}`).click();
    const log = frame.getByTestId('deliveries-table');
    await expect(async () => {
      await frame.getByTestId('deliveries-refresh').click();
      await expect(log.locator('tbody tr').first()).toContainText('Delivered', { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(log.locator('tbody tr').first()).toContainText('200');
    const id = String(first.headers['x-mes-delivery']);
    await frame.getByTestId(`resend-${id}`).click();
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
    expect(received[1]!.headers['x-mes-delivery']).toBe(id);

    // Later tests' alarms are not sent to a receiver that is gone.
    const auth = { authorization: `Bearer ${await token(page)}` };
    const list = (await (await page.request.get('/api/platform-system/webhook', { headers: auth })).json()) as {
      data: { records: { id: string; name: string }[] };
    };
    const ids = list.data.records.filter((r) => r.name === name).map((r) => r.id);
    expect((await page.request.delete('/api/platform-system/webhook', { headers: auth, data: { ids } })).status()).toBe(
      200,
    );
  } finally {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  }
});
