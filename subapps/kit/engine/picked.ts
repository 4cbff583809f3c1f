import type { ResourceDef, ResourceRow } from '../../../model/engine';

/**
 * What a resource screen opened as a dialog (bridge openModal) hands back when a row is chosen: the
 * opener gets it as `{ done: true, value }`. Plain data, so that any app, in any framework, can read it.
 */
export interface PickedRecord {
  /** The definition's name, e.g. `device`. */
  resource: string;
  id: string;
  code: string | null;
  name: string | null;
}

const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

export function pickedOf(def: ResourceDef, row: ResourceRow): PickedRecord {
  return { resource: def.name, id: row.id, code: text(row[def.codeField]), name: text(row[def.displayField]) };
}
