/** Zip packages built by hand for the zip-guard tests: sizes and CRCs as a real archiver writes them. */
import { createDeflateRaw, crc32 } from 'node:zlib';

export const MiB = 1024 * 1024;

/** A stored zip entry, deflated; sizes and CRC as a real archiver writes them. */
interface Entry {
  name: string;
  packed: Buffer;
  crc: number;
  size: number;
}

export async function deflated(name: string, chunks: Iterable<Buffer>): Promise<Entry> {
  const d = createDeflateRaw({ level: 6 });
  const out: Buffer[] = [];
  d.on('data', (c: Buffer) => out.push(c));
  const ended = new Promise((r) => d.on('end', r));
  let crc = 0;
  let size = 0;
  for (const c of chunks) {
    crc = crc32(c, crc);
    size += c.length;
    if (!d.write(c)) await new Promise((r) => d.once('drain', r));
  }
  d.end();
  await ended;
  return { name, packed: Buffer.concat(out), crc, size };
}

export function zip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.packed.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.packed.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.packed);
    centrals.push(central, name);
    offset += local.length + name.length + e.packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/**
 * A well-formed workbook whose one cell holds 300 MiB of text: spaces with a letter every 1,200
 * bytes, so it packs about 300:1 into about 1 MB (a plain run of spaces would pack 1,000:1, which a
 * ratio check alone catches).
 */
export async function bomb(): Promise<Buffer> {
  const head = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>',
  );
  const tail = Buffer.from('</t></is></c></row></sheetData></worksheet>');
  function* sheet() {
    yield head;
    let x = 7;
    for (let i = 0; i < 300; i++) {
      const b = Buffer.alloc(MiB, 0x20);
      for (let j = 0; j < MiB; j += 1200) {
        x = (x * 1103515245 + 12345) & 0x7fffffff;
        b[j] = 0x41 + (x % 26);
      }
      yield b;
    }
    yield tail;
  }
  const small = (name: string, text: string) => deflated(name, [Buffer.from(text)]);
  return zip([
    await small(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    await small(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    await small(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    await small(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    await deflated('xl/worksheets/sheet1.xml', sheet()),
  ]);
}
