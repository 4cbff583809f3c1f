/**
 * What a record screen calls (subapps/kit/engine): the engine's operations of a definition, or,
 * for a definition its feature serves (`served: 'feature'`), the operations that feature declares.
 * One screen for both: the definition says what the records are, these say where they travel.
 */
import type { ResourceDef } from '../engine';
import { alarm, course, dict, dictItem, feedback, helpDoc, notice } from '../resources';
import { alarm as alarmApi } from './alarm';
import { course as courseApi } from './course';
import { dict as dictApi } from './dict';
import type { AnyEndpoint } from './endpoint';
import { feedback as feedbackApi } from './feedback';
import { help as helpApi } from './help';
import { notice as noticeApi } from './notice';
import { endpointsOf } from './resource';

export interface RecordOperations {
  /** GET: a page of records, or every record at once (a short list: no pager). */
  list: AnyEndpoint;
  /** GET `:<idParam>`: one record as the server holds it now. */
  get?: AnyEndpoint;
  /** POST: the form's values. */
  create?: AnyEndpoint;
  /** PUT `:<idParam>`: the form's values. */
  update?: AnyEndpoint;
  /** DELETE with the records' ids in the body (`{ ids }`). */
  remove?: AnyEndpoint;
  /** DELETE `:<idParam>`: one record a call. */
  removeOne?: AnyEndpoint;
  /** GET: the list's filters → a spreadsheet. */
  export?: AnyEndpoint;
  /** The path parameter that names a record; default `id` (a dictionary's detail: `itemId`). */
  idParam?: string;
  /**
   * Whether the list takes `page` and `size` (else it answers every record), and `sort` and
   * `order`. Said here, not read from the query's schema: the browser's copy of a feature's
   * operations keeps only their method and path (scripts/contract-routes.ts).
   */
  paged: boolean;
  sorts: boolean;
}

/** A feature's own operations: paged, not sorted, unless it says otherwise. */
const own = (ops: Omit<RecordOperations, 'paged' | 'sorts'> & Partial<RecordOperations>): RecordOperations => ({
  paged: true,
  sorts: false,
  ...ops,
});

const OWN = new Map<string, RecordOperations>([
  [
    dict.name,
    own({
      list: dictApi.list,
      get: dictApi.get,
      create: dictApi.create,
      update: dictApi.update,
      remove: dictApi.remove,
    }),
  ],
  [
    dictItem.name,
    own({
      list: dictApi.items,
      create: dictApi.addItem,
      update: dictApi.updateItem,
      removeOne: dictApi.removeItem,
      idParam: 'itemId',
      paged: false,
    }),
  ],
  [
    notice.name,
    own({ list: noticeApi.page, create: noticeApi.create, update: noticeApi.update, removeOne: noticeApi.remove }),
  ],
  [
    helpDoc.name,
    own({ list: helpApi.page, create: helpApi.create, update: helpApi.update, removeOne: helpApi.remove }),
  ],
  [
    course.name,
    own({
      list: courseApi.list,
      create: courseApi.create,
      update: courseApi.update,
      removeOne: courseApi.remove,
      paged: false,
    }),
  ],
  [feedback.name, own({ list: feedbackApi.page, removeOne: feedbackApi.remove })],
  [alarm.name, own({ list: alarmApi.page, export: alarmApi.export })],
]);

export function operationsOf(def: ResourceDef): RecordOperations {
  if (def.served === 'feature') {
    const own = OWN.get(def.name);
    if (!own) throw new Error(`no operations declared for ${def.name}`);
    return own;
  }
  const eps = endpointsOf(def);
  return {
    list: eps.list,
    get: eps.get,
    create: eps.create,
    update: eps.update,
    remove: eps.remove,
    export: eps.export,
    paged: true,
    sorts: true,
  };
}

/** Whether an operation's query takes `key`, by its schema (in Node: the browser's copy has none). */
export function takesQuery(ep: AnyEndpoint, key: string): boolean {
  const shape = (ep.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  return Boolean(shape && key in shape);
}
