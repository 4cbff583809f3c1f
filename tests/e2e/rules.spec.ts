/**
 * Rule editors and print templates end to end (issue 6), in the basic sub-app's frame against the
 * real server: the encoding rule's live preview and validation messages, the audit of issued
 * codes, the scan rule's test panel and length rule, the template designer and its PDF preview.
 */
import net from 'node:net';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { PRINT_SERVICE_PORT } from '../../model/print/service';
import { startPrintService } from '../../scripts/print-service.mjs';
import { toast, popupOption } from './screens';
import { login, token, clickInPopup } from './support';

async function openScreen(page: Page, name: string): Promise<FrameLocator> {
  await page.goto(`/en/basic/${name}`);
  const frame = page.frameLocator('[data-testid="frame-basic"]');
  await expect(frame.getByTestId(`page-${name}`)).toBeVisible();
  return frame;
}

const dialog = (frame: FrameLocator) => frame.locator('.arco-modal:visible').last();
const rowOf = (frame: FrameLocator, code: string) =>
  frame.getByTestId('resource-table').locator('tr', { has: frame.getByRole('cell', { name: code, exact: true }) });

async function api(page: Page, method: 'GET' | 'POST', url: string, data?: unknown) {
  const bearer = await token(page);
  const factoryId = await page.evaluate(
    () =>
      JSON.parse(
        localStorage.getItem('mes-portal:factoryId') ?? sessionStorage.getItem('mes-portal:factoryId') ?? 'null',
      ) as string | null,
  );
  const headers = { authorization: `Bearer ${bearer}`, 'x-factory-id': factoryId ?? '', 'accept-language': 'en' };
  const res =
    method === 'GET' ? await page.request.get(url, { headers }) : await page.request.post(url, { headers, data });
  expect(res.status()).toBe(200);
  return (await res.json()).data;
}

test.describe('rule editors and print templates', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, 'en');
  });

  test('encoding rule: the live preview follows the form, validation messages show, nothing is issued', async ({
    page,
  }) => {
    const frame = await openScreen(page, 'encoding-rule');
    await rowOf(frame, 'SN_METER').getByTestId('row-edit').click();
    const preview = frame.getByTestId('encoding-preview');
    await expect(preview).toContainText('Nothing is issued');
    await frame.getByTestId('preview-date').locator('input').fill('2026-06-14');
    const codes = frame.getByTestId('encoding-preview-code');
    await expect(codes).toHaveCount(5);
    await expect(codes.first()).toHaveText('SMF00126061400001');
    await expect(codes.nth(4)).toHaveText('SMF00126061400005');

    // The form changes, the preview follows: another start code, another factory in the context.
    await frame.getByTestId('form-startCode').fill('00120');
    await expect(codes.first()).toHaveText('SMF00126061400120');
    await frame.getByTestId('preview-factory').locator('input').fill('F777');
    await expect(codes.first()).toHaveText('SMF77726061400120');

    // SPEC §5 messages, in the preview while typing and on the field when saving.
    await frame.getByTestId('form-startCode').fill('00A20');
    await expect(frame.getByTestId('encoding-preview-problems')).toContainText(
      'Start code has characters that are not valid for the chosen base',
    );
    await frame.getByTestId('form-startCode').fill('00120');
    await frame.getByTestId('form-endCode').fill('999');
    await expect(frame.getByTestId('encoding-preview-problems')).toContainText(
      'End code must be as long as the start code (5 characters)',
    );
    await frame.getByTestId('form-endCode').fill('99999');
    await frame.getByTestId('form-name').fill('SN METER');
    await expect(frame.getByTestId('encoding-preview-problems')).toContainText(
      'Rule name may contain only English letters, digits and underscores',
    );
    await frame.getByTestId('form-details-0-truncation').fill('1-');
    await frame.getByTestId('dialog-ok').click();
    await expect(dialog(frame)).toContainText('Rule name may contain only English letters, digits and underscores');
    await expect(frame.getByTestId('encoding-preview-problems')).toContainText(
      'accepts only digits, hyphens and commas, for example 5, 1,3-7 or 1-2,4-9',
    );
    await frame.getByTestId('dialog-cancel').click();

    // The preview reserved nothing: the audit of the rule is still empty.
    await rowOf(frame, 'SN_METER').getByTestId('row-issued').click();
    await expect(dialog(frame)).toContainText('Issued codes: SN_METER');
    await expect(frame.getByTestId('issued-code')).toHaveCount(0);
  });

  test('encoding rule: the audit lists issued codes, searchable by code', async ({ page }) => {
    const rules = (await api(page, 'GET', '/api/basic-system/encoding-rule?size=50')) as {
      records: { id: string; name: string }[];
    };
    const carton = rules.records.find((r) => r.name === 'CARTON_ID')!;
    const issued = (await api(page, 'POST', `/api/basic-system/encoding-rule/${carton.id}/generate`, {
      count: 3,
      context: { date: '2026-06-14' },
    })) as { codes: string[] };
    expect(issued.codes).toEqual(['CT260622222', 'CT260622223', 'CT260622224']);

    const frame = await openScreen(page, 'encoding-rule');
    await frame.getByTestId('btn-issued').click();
    await expect(dialog(frame)).toContainText('Audit of issued codes');
    await frame.getByTestId('issued-search').locator('input').fill('CT260622223');
    await frame.getByTestId('issued-search').locator('input').press('Enter');
    await expect(frame.getByTestId('issued-code')).toHaveCount(1);
    await expect(frame.getByTestId('issued-table')).toContainText('CARTON_ID');
    await expect(frame.getByTestId('issued-table')).toContainText('admin');
    await frame.getByTestId('issued-search').locator('input').fill('CT2606');
    await frame.getByTestId('issued-search').locator('input').press('Enter');
    await expect(frame.getByTestId('issued-code')).toHaveCount(3);
    await dialog(frame).locator('.arco-modal-close-icon').click();

    // The form: the fresh-counter preview starts at the start code; the saved counter goes on after the issued ones.
    await rowOf(frame, 'CARTON_ID').getByTestId('row-edit').click();
    await frame.getByTestId('preview-date').locator('input').fill('2026-06-14');
    await expect(frame.getByTestId('encoding-preview-code').first()).toHaveText('CT260622222');
    await frame.getByTestId('btn-counter-preview').click();
    await expect(frame.getByTestId('counter-preview-code').first()).toHaveText('CT260622225');
  });

  test('scan rule: the test panel parses a pasted barcode; the length moves parse end', async ({ page }) => {
    const frame = await openScreen(page, 'scan-rule');
    await rowOf(frame, 'REEL-LABEL').getByTestId('row-edit').click();
    await expect(frame.getByTestId('scan-vectors-ok')).toContainText('All 3 test barcodes pass');
    const input = frame.getByTestId('scan-test-input').locator('textarea');
    await input.fill('RC0603FR-10K2612000123451');
    await expect(frame.getByTestId('scan-verdict')).toHaveText('Accepted');
    await expect(frame.getByTestId('scan-part')).toHaveText('RC0603FR-10K');
    await expect(frame.getByTestId('scan-sn')).toHaveText('00012345');
    await expect(frame.getByTestId('scan-datecode')).toContainText('2612');
    await expect(frame.getByTestId('scan-checksum')).toHaveText('Passed');
    await input.fill('RC0603FR-10K2612000123459');
    await expect(frame.getByTestId('scan-verdict')).toHaveText('Refused');
    await expect(frame.getByTestId('scan-checksum')).toHaveText('Failed');
    await frame.getByTestId('dialog-cancel').click();

    // A new rule: the length sets parse end; parse start beyond it is refused with SPEC §5's message.
    await frame.getByTestId('btn-add').click();
    await frame.getByTestId('form-barcodeLength').fill('20');
    await expect(frame.getByTestId('form-parseEnd')).toHaveValue('20');
    await expect(frame.getByTestId('form-parseStart')).toHaveValue('1');
    await frame.getByTestId('form-barcodeLength').fill('15');
    await expect(frame.getByTestId('form-parseEnd')).toHaveValue('15');
    await frame.getByTestId('form-parseStart').fill('16');
    await expect(frame.getByTestId('scan-rule-problems')).toContainText(
      'Parse start must not exceed the barcode length (15)',
    );
    await frame.getByTestId('form-parseStart').fill('1');
    await frame.getByTestId('form-barcodeLength').fill('');
    await expect(frame.getByTestId('scan-rule-problems')).toContainText('Barcode length is required');
  });

  test('print template: the designer places items, the preview renders a PDF, printing reports a missing service', async ({
    page,
  }) => {
    const frame = await openScreen(page, 'print-template');
    await rowOf(frame, 'METER-LABEL').getByTestId('row-edit').click();
    await expect(frame.getByTestId('designer-surface').locator('[data-testid^="designer-item-"]')).toHaveCount(5);
    await frame.getByTestId('designer-add-qrcode').click();
    await expect(frame.getByTestId('designer-surface').locator('[data-testid^="designer-item-"]')).toHaveCount(6);
    await frame.getByTestId('designer-key').locator('input').fill('model');
    await expect(frame.getByTestId('designer-item-5')).toHaveText('{model}');
    // Dragging moves the item in millimetres.
    const item = frame.getByTestId('designer-item-5');
    const box = (await item.boundingBox())!;
    await page.mouse.move(box.x + 5, box.y + 5);
    await page.mouse.down();
    await page.mouse.move(box.x + 65, box.y + 35, { steps: 5 });
    await page.mouse.up();
    await expect(frame.getByTestId('designer-x').locator('input')).not.toHaveValue('2');

    // Default print quantity: required and numeric (SPEC §5).
    await frame.getByTestId('form-defaultQuantity').fill('');
    await frame.getByTestId('dialog-ok').click();
    await expect(dialog(frame)).toContainText('Default print quantity is required');
    await frame.getByTestId('form-defaultQuantity').fill('2');

    await frame.getByTestId('btn-render-preview').click();
    const pdfFrame = frame.getByTestId('template-preview-frame');
    await expect(pdfFrame).toBeVisible();
    const head = await pdfFrame.evaluate(async (el: HTMLIFrameElement) => {
      const bytes = new Uint8Array(await (await fetch(el.src)).arrayBuffer());
      return String.fromCharCode(...bytes.subarray(0, 5));
    });
    expect(head).toBe('%PDF-');

    // No print service runs on this machine: the message of SPEC §8.
    await frame.getByTestId('btn-load-printers').click();
    await expect(toast(page, 'Print service connection failed, confirm the service is running')).toBeVisible();
    await frame.getByTestId('dialog-cancel').click();
  });

  test('print template: a label goes through the local print service to a raw printer port', async ({ page }) => {
    // A network printer's raw port, and the workstation's print service pointing at it.
    const jobs: Buffer[] = [];
    const printer = net.createServer((socket) => {
      const parts: Buffer[] = [];
      socket.on('data', (d) => parts.push(d));
      socket.on('end', () => {
        jobs.push(Buffer.concat(parts));
        socket.end();
      });
    });
    await new Promise<void>((resolve) => printer.listen(0, '127.0.0.1', resolve));
    const rawPort = (printer.address() as net.AddressInfo).port;
    const service = await startPrintService({
      port: PRINT_SERVICE_PORT,
      printers: [{ id: `raw:127.0.0.1:${rawPort}`, name: 'Line 1 labels' }],
      lpstat: '/nonexistent/lpstat',
    });
    try {
      const frame = await openScreen(page, 'print-template');
      await rowOf(frame, 'METER-LABEL').getByTestId('row-preview').click();
      await frame.getByTestId('btn-render-preview').click();
      await expect(frame.getByTestId('template-preview-frame')).toBeVisible();
      await frame.getByTestId('btn-load-printers').click();
      await expect(frame.getByTestId('printer-select')).toBeVisible();
      // No printer chosen yet: SPEC §8's "select a printer".
      await frame.getByTestId('btn-service-print').click();
      await expect(toast(page, 'Select a printer')).toBeVisible();
      await frame.getByTestId('printer-select').click();
      await clickInPopup(popupOption(frame, 'Line 1 labels'));
      await frame.getByTestId('btn-service-print').click();
      await expect(toast(page, 'Sent to the printer')).toBeVisible();
      await expect.poll(() => jobs.length).toBe(1);
      expect(jobs[0]!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } finally {
      await service.close();
      await new Promise<void>((resolve) => printer.close(() => resolve()));
    }
  });
});
