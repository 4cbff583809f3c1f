/**
 * Issue 7's preview figure: a 100-page PDF uploaded through the documents screen, then the time from
 * pressing "preview" to its first page painted on the canvas (react-pdf), first and repeated opens.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const PAGES = 100;

async function hundredPagePdf(file: string): Promise<number> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= PAGES; i++) {
    const page = pdf.addPage([595, 842]);
    page.drawText(`Work instruction, page ${i} of ${PAGES}`, { x: 50, y: 780, size: 20, font });
    for (let line = 0; line < 40; line++)
      page.drawText(
        `Step ${line + 1}: check the fixture, torque 2.${line % 10} N·m, record the reading.`.replace('·', '.'),
        { x: 50, y: 740 - line * 17, size: 11, font },
      );
  }
  const bytes = await pdf.save();
  writeFileSync(file, bytes);
  return bytes.length;
}

export async function previewBench(page: Page, base: string, rows: [string, string][]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-pdf-'));
  try {
    const file = join(dir, 'hundred.pdf');
    const size = await hundredPagePdf(file);
    await page.goto(`${base}/en/basic/document`);
    const frame = page.frameLocator('[data-testid="frame-basic"]');
    await frame.getByTestId('page-document').waitFor();
    await frame.getByTestId('document-upload').click();
    await frame.getByTestId('document-type').click();
    await frame
      .locator('.arco-select-popup:visible .arco-select-option')
      .filter({ hasText: 'Work instructions' })
      .click();
    await frame.getByTestId('document-file').setInputFiles(file);
    await frame.getByTestId('document-name').fill('Hundred pages');
    await frame.getByTestId('document-number').fill('WI-BENCH-100');
    await frame.getByTestId('document-version').fill('A');
    await frame.locator('.arco-modal:visible').getByRole('button', { name: 'OK' }).click();
    const actions = frame.getByTestId('document-actions-WI-BENCH-100');
    await actions.waitFor({ timeout: 60_000 });

    const times: number[] = [];
    for (let i = 0; i < 4; i++) {
      const t0 = Date.now();
      await actions.getByTestId('document-preview-btn').click();
      await frame.locator('body[data-pdf-painted="1"]').waitFor({ state: 'attached', timeout: 60_000 });
      times.push(Date.now() - t0);
      await frame.locator('.arco-drawer:visible .arco-drawer-close-icon').click();
      await frame.locator('.arco-drawer:visible').waitFor({ state: 'detached' });
      await frame.locator('body').evaluate((b) => b.removeAttribute('data-pdf-painted'));
    }
    const repeat = [...times.slice(1)].sort((a, b) => a - b);
    rows.push([
      `PDF preview, ${PAGES} pages (${(size / 1024).toFixed(0)} KiB): first page painted, first open`,
      `${times[0]} ms`,
    ]);
    rows.push([`PDF preview, ${PAGES} pages: first page painted, repeated opens (median of 3)`, `${repeat[1]} ms`]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
