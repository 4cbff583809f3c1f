import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { openSheet, readSheet } from '../../server/engine/io/sheet';

/** A workbook of `rows` data rows and a second, hidden sheet (as the import template has). */
async function twoSheets(rows: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Units');
  sheet.addRow(['code', 'name']);
  for (let i = 0; i < rows; i++) sheet.addRow([`U${i}`, `Unit ${i}`]);
  const lists = book.addWorksheet('lists', { state: 'veryHidden' });
  for (let i = 0; i < 50; i++) lists.addRow([`option ${i}`]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The files this process's readers left in the temporary directory (exceljs's reader named them tmp-<pid>-…). */
function parkedFiles(): string[] {
  const own = `tmp-${process.pid}-`;
  const found: string[] = [];
  for (const entry of readdirSync(tmpdir(), { withFileTypes: true })) {
    if (entry.name.startsWith(own)) found.push(entry.name);
    else if (entry.isDirectory() && entry.name.startsWith('portal-sheet-'))
      try {
        found.push(...readdirSync(join(tmpdir(), entry.name)).filter((n) => n.startsWith(own)));
      } catch {
        // Removed meanwhile.
      }
  }
  return found;
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 20)))
    if (check()) return true;
  return check();
}

describe('reading an uploaded sheet', () => {
  it('keeps every multi-byte character of a large sheet intact (no U+FFFD at chunk boundaries)', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('data');
    sheet.addRow(['编码', '名称', 'Tên']);
    const expected: string[][] = [];
    for (let i = 0; i < 6000; i++) {
      // Distinct texts, so the shared-strings part grows past many inflate chunks.
      const row = [
        `M${String(i).padStart(5, '0')}`,
        `物料名称第${i}号：铝合金外壳（批次${i % 97}）`,
        `Vỏ hợp kim nhôm số ${i} – lô ${i % 89}`,
      ];
      expected.push(row);
      sheet.addRow(row);
    }
    const buf = Buffer.from(await book.xlsx.writeBuffer());
    const read = await readSheet(buf);
    expect(read.headers).toEqual(['编码', '名称', 'Tên']);
    expect(read.rows).toHaveLength(6000);
    const broken = read.rows.filter((r) => r.cells.some((c) => typeof c === 'string' && c.includes('\uFFFD')));
    expect(broken).toEqual([]);
    expect(read.rows.map((r) => r.cells)).toEqual(expected);
  });

  it('keeps them intact in a sheet of inline strings too (as streamed exports write it), with its dates as dates', async () => {
    const out = new PassThrough();
    const parts: Buffer[] = [];
    out.on('data', (c: Buffer) => parts.push(c));
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = book.addWorksheet('data');
    sheet.addRow(['编码', '名称', '日期']).commit();
    const expected: [string, string, string][] = [];
    for (let i = 0; i < 6000; i++) {
      const day = new Date(Date.UTC(2026, 0, 1 + (i % 365)));
      expected.push([`M${i}`, `Bộ điều khiển số ${i} 控制器`, day.toISOString()]);
      const row = sheet.addRow([`M${i}`, `Bộ điều khiển số ${i} 控制器`, day]);
      row.getCell(3).numFmt = 'yyyy-mm-dd';
      row.commit();
    }
    await book.commit();
    const read = await readSheet(Buffer.concat(parts));
    expect(read.headers).toEqual(['编码', '名称', '日期']);
    expect(read.rows.map((r) => r.cells.map((c) => (c instanceof Date ? c.toISOString() : c)))).toEqual(expected);
  });

  // exceljs writes such a workbook's sheets before its shared strings. Read front to back, the sheets
  // were parked in temporary files; the one passed over was deleted under a file stream still
  // opening (an error nobody heard, which ended the reading thread and its next job), and now and
  // then the workbook part, the zip's last, came out empty.
  it('reads a workbook with a second sheet hundreds of times in a row, every time whole', async () => {
    const buf = await twoSheets(5);
    const failures: string[] = [];
    for (let i = 0; i < 300; i++) {
      const read = await readSheet(buf).catch((e: Error) => e);
      if (read instanceof Error) failures.push(`${i}: ${read.message}`);
      else if (read.rows.length !== 5) failures.push(`${i}: ${read.rows.length} rows`);
    }
    expect(failures).toEqual([]);
  });

  it('leaves no file on disk when the reading stops early', async () => {
    const before = new Set(parkedFiles());
    const stream = await openSheet(await twoSheets(20_000));
    const batches = stream.batches();
    expect((await batches.next()).done).toBe(false);
    await batches.return(undefined);
    const left = () => parkedFiles().filter((n) => !before.has(n));
    expect(await until(() => left().length === 0, 5000), left().join(', ')).toBe(true);
  });
});
