/** Dialog widths of SPEC §2: mini 400px, single 700px, multi 950px, chosen by how many fields a form has. */
export const DIALOG_WIDTH = { mini: 400, single: 700, multi: 950 } as const;

export function dialogWidth(fieldCount: number): number {
  if (fieldCount <= 3) return DIALOG_WIDTH.mini;
  if (fieldCount <= 8) return DIALOG_WIDTH.single;
  return DIALOG_WIDTH.multi;
}
