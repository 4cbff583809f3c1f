/**
 * The demo's controlled documents: small PDF work instructions and a drawing, stored like uploads.
 * A version uploaded while the `document-release` process is published waits for it; one version
 * predates the process and is released already, so a document shows its released version while
 * the next one waits.
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { DB } from '../db/types';
import type {} from '../db/types-documents';
import { DOCUMENT_RELEASE_PROCESS } from '../documents/service';
import { newStorageKey, type FileStorage } from '../files/storage';
import { startProcess } from '../workflow/instances';
import type { DemoCompany } from './company';
import { Ids } from './rows';

/** A one-page PDF with a title and a few lines (Latin text, Helvetica). */
export function pdfOf(lines: string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines.map((l, i) => `BT /F1 ${i === 0 ? 18 : 11} Tf 56 ${780 - i * 26} Td (${esc(l)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

interface DocSpec {
  key: string;
  type: string;
  number: string;
  name: string;
  by: string;
  /** Versions oldest first; `released` ones predate the release process. */
  versions: { version: string; released?: boolean; lines: string[] }[];
}

const DOCUMENTS: DocSpec[] = [
  {
    key: 'smt-changeover',
    type: 'Work instructions',
    number: 'WI-SMT-001',
    name: 'SMT换线作业指导 SMT line changeover',
    by: 'zhang.min',
    versions: [
      {
        version: 'A',
        lines: [
          'WI-SMT-001 rev. A - SMT line changeover',
          '1. Unload the feeders of the finished order.',
          '2. Load and verify the feeders of the next order.',
          '3. Print and inspect the first board before release.',
        ],
      },
    ],
  },
  {
    key: 'assembly-1p',
    type: 'Work instructions',
    number: 'WI-ASM-002',
    name: '单相表总装作业指导 Single-phase meter final assembly',
    by: 'zhang.min',
    versions: [
      {
        version: 'A',
        released: true,
        lines: [
          'WI-ASM-002 rev. A - Single-phase meter final assembly',
          '1. Fit the main board into the case.',
          '2. Fasten four M3x8 screws at 0.6 N m.',
        ],
      },
      {
        version: 'B',
        lines: [
          'WI-ASM-002 rev. B - Single-phase meter final assembly',
          '1. Fit the main board into the case.',
          '2. Fasten four M3x8 screws at 0.8 N m (changed).',
          '3. Scan the meter serial number at station ASM01-S02.',
        ],
      },
    ],
  },
  {
    key: 'packing-3p',
    type: 'Work instructions',
    number: 'WI-HN-101',
    name: '三相表包装作业指导 Three-phase meter packing',
    by: 'hanoi.admin',
    versions: [
      {
        version: 'A',
        lines: [
          'WI-HN-101 rev. A - Three-phase meter packing (Hanoi)',
          '1. Put four meters in a box, six boxes in a carton.',
          '2. Print the carton label at HN-TST01-PACK.',
        ],
      },
    ],
  },
  {
    key: 'case-3p',
    type: 'Drawings',
    number: 'DRW-CASE-3P',
    name: '三相表外壳图纸 Three-phase meter case drawing',
    by: 'hanoi.admin',
    versions: [
      {
        version: 'A',
        lines: ['DRW-CASE-3P rev. A - Three-phase meter case', 'Overall size 290 x 170 x 85 mm, material PC.'],
      },
    ],
  },
];

/** Stores the demo documents; answers the release instance of each version that waits, by document key. */
export async function seedDocuments(
  trx: Transaction<DB>,
  company: DemoCompany,
  storage: FileStorage,
): Promise<Record<string, string>> {
  const { tenantId } = company;
  const types = await new Ids().read(trx, tenantId, 'document-type');
  const started: Record<string, string> = {};
  for (const d of DOCUMENTS) {
    const userId = company.users[d.by]!;
    const documentId = (
      await trx
        .insertInto('document')
        .values({
          tenant_id: tenantId,
          type_id: types.get('document-type', d.type),
          name: d.name,
          number: d.number,
          encrypted: false,
          created_by: userId,
          updated_by: userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    for (const v of d.versions) {
      const bytes = pdfOf(v.lines);
      const storageKey = newStorageKey(randomUUID());
      await storage.put(storageKey, bytes);
      const version = await trx
        .insertInto('document_version')
        .values({
          tenant_id: tenantId,
          document_id: documentId,
          version: v.version,
          file_name: `${d.number}-${v.version}.pdf`,
          suffix: 'pdf',
          size: bytes.length,
          storage_key: storageKey,
          encrypted: false,
          uploaded_by: userId,
          release_status: v.released ? 'released' : 'pending',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (v.released) continue;
      const instance = await startProcess(
        trx,
        { tenantId, userId, factoryId: null },
        {
          modelKey: DOCUMENT_RELEASE_PROCESS,
          businessType: 'document-version',
          businessId: version.id,
          title: `${d.number} ${v.version} · ${d.name}`,
          variables: { encrypted: false, suffix: 'pdf' },
        },
      );
      if (!instance) throw new Error(`seed: no published ${DOCUMENT_RELEASE_PROCESS} process`);
      started[d.key] = instance;
    }
  }
  return started;
}
