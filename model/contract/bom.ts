/** Bills of materials (`/basic-system/bom…`): products, the tree, lines, explosion, where-used, import and export. */
import { z } from 'zod';
import {
  BOM_LABELS,
  BOM_PERMISSIONS as P,
  BomChoices,
  BomExplosion,
  BomImportResult,
  BomLineRow,
  BomProduct,
  BomTree,
  BomWhereUsed,
  bomLineInput,
  bomLineUpdate,
} from '../bom';
import { IdParams, Uuid, pageOf, PageQuery } from './common';
import { endpoint, file, json } from './endpoint';
import { DeleteResultSchema } from './resource';

const tag = 'bom';
const BASE = '/basic-system/bom';
const labels = BOM_LABELS;

const MaterialQuery = z.object({ materialId: Uuid });
const BomPageQuery = z.object({
  ...PageQuery.shape,
  keyword: z.string().trim().max(64).optional(),
});

export const bom = {
  products: endpoint({
    method: 'GET',
    path: `${BASE}/products`,
    operationId: 'listBomProducts',
    tag,
    auth: 'bearer',
    permission: P.view,
    summary: 'Page of materials that have BOM lines, with their line counts (keyword: code or name contains)',
    query: BomPageQuery,
    answer: json(pageOf(BomProduct)),
  }),
  materials: endpoint({
    method: 'GET',
    path: `${BASE}/materials`,
    operationId: 'listBomMaterials',
    tag,
    auth: 'bearer',
    permission: P.view,
    summary: 'Materials to pick as a parent or component (code or name contains), with the units to pick',
    query: BomPageQuery,
    answer: json(BomChoices),
  }),
  tree: endpoint({
    method: 'GET',
    path: `${BASE}/tree`,
    operationId: 'getBomTree',
    tag,
    auth: 'bearer',
    permission: P.view,
    summary: 'The multi-level BOM below a material: each line with its component and the component’s own lines',
    query: MaterialQuery,
    answer: json(BomTree),
  }),
  addLine: endpoint({
    method: 'POST',
    path: `${BASE}/line`,
    operationId: 'addBomLine',
    tag,
    auth: 'bearer',
    permission: P.add,
    summary: 'Add a line (refused when the component contains the parent anywhere below it)',
    description: 'A taken line number, a component twice under one parent, or a loop answers 400 naming the field.',
    body: bomLineInput,
    labels,
    answer: json(BomLineRow),
  }),
  updateLine: endpoint({
    method: 'PUT',
    path: `${BASE}/line/:id`,
    operationId: 'updateBomLine',
    tag,
    auth: 'bearer',
    permission: P.edit,
    summary: 'Edit a line (component, line number, dosage, unit, loss, priority, ECN); the same checks as adding',
    description:
      'The whole line except its parent: component, line number and dosage required; left-out optional fields are cleared.',
    params: IdParams,
    body: bomLineUpdate,
    labels,
    answer: json(BomLineRow),
  }),
  deleteLines: endpoint({
    method: 'DELETE',
    path: `${BASE}/line`,
    operationId: 'deleteBomLines',
    tag,
    auth: 'bearer',
    permission: P.delete,
    summary: 'Delete lines (all or none: an id that is not a line of the tenant answers 404)',
    body: z.object({
      ids: z
        .array(z.string().max(64), { error: 'validation.required' })
        .min(1, { error: 'validation.required' })
        .max(1000),
    }),
    labels,
    answer: json(DeleteResultSchema),
  }),
  explode: endpoint({
    method: 'GET',
    path: `${BASE}/explode`,
    operationId: 'explodeBom',
    tag,
    auth: 'bearer',
    permission: P.view,
    summary:
      'Every level below a material for a quantity: each line’s total = parent total × dosage × (1 + loss/100), and totals per component',
    query: MaterialQuery.extend({
      quantity: z.coerce
        .number({ error: 'validation.number' })
        .gt(0, { error: 'validation.tooSmall' })
        .max(1e9, { error: 'validation.tooLarge' })
        .optional()
        .default(1),
    }),
    labels: { quantity: 'bom.quantity' },
    answer: json(BomExplosion),
  }),
  whereUsed: endpoint({
    method: 'GET',
    path: `${BASE}/where-used`,
    operationId: 'bomWhereUsed',
    tag,
    auth: 'bearer',
    permission: P.view,
    summary: 'Every material that uses a component, directly (level 1) or through assemblies, with a way down to it',
    query: MaterialQuery,
    answer: json(BomWhereUsed),
  }),
  export: endpoint({
    method: 'GET',
    path: `${BASE}/export`,
    operationId: 'exportBom',
    tag,
    auth: 'bearer',
    permission: P.export,
    summary:
      'Export lines (.xlsx; every level below materialId, or the whole BOM of the tenant); headers in the request language',
    query: z.object({ materialId: Uuid.optional() }),
    answer: file('xlsx'),
  }),
  template: endpoint({
    method: 'GET',
    path: `${BASE}/template`,
    operationId: 'bomImportTemplate',
    tag,
    auth: 'bearer',
    permission: P.import,
    summary: 'The import template (.xlsx, headers in the request language)',
    answer: file('xlsx'),
  }),
  importReport: endpoint({
    method: 'GET',
    path: `${BASE}/import/report/:id`,
    operationId: 'bomImportReport',
    tag,
    auth: 'bearer',
    permission: P.import,
    summary:
      'The error report of a failed import (its uploader only): the rows with an errors column, the bad cells highlighted (.xlsx)',
    params: IdParams,
    answer: file('xlsx'),
  }),
  import: endpoint({
    method: 'POST',
    path: `${BASE}/import`,
    operationId: 'importBom',
    tag,
    auth: 'bearer',
    permission: P.import,
    summary:
      'Import lines from .xlsx or .csv (materials and units by code; a (parent, line number) of the file replaces the stored one; all or nothing)',
    description:
      'A file with errors answers 400 with `errors` per row, their `count` and a `reportId` for the annotated sheet.',
    multipart: { files: { file: { required: true, media: ['xlsx', 'csv'] } } },
    answer: json(BomImportResult),
    errors: [413, 415],
  }),
};
