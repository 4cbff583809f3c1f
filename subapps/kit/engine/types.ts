import type { ReactNode } from 'react';
import type { TableColumnProps } from '@arco-design/web-react';
import type { TFunction } from 'i18next';
import type { ChildBridge } from '../../../bridge/child';
import type { FieldDef, ResourceDef, ResourceRow } from '../../../model/engine';
import type { HistoryLabels } from '../history/values';

/** Values an add starts from: `values` the user may change, except the `locked` ones. */
export interface FormPreset {
  values: Record<string, unknown>;
  locked?: readonly string[];
}

/** What overrides get to work with: the definition, the bridge, the rows, and the screen's verbs. */
export interface PageContext {
  def: ResourceDef;
  bridge: ChildBridge;
  /** The rows ticked in the table. */
  selected: ResourceRow[];
  /** The rows the table shows. */
  records: ResourceRow[];
  reload: () => void;
  /** Opens the add dialog (from `preset`, when given). */
  add: (preset?: FormPreset) => void;
  /** Opens the edit dialog on `row`. */
  edit: (row: ResourceRow) => void;
  /** Whether the user may use a verb or button of the screen (`add`, `handle` …). */
  can: (verb: string) => boolean;
  t: TFunction;
}

/** A field editor: the form hands it the value and takes changes back. */
export interface EditorProps<V = unknown> {
  fieldKey: string;
  field: FieldDef;
  value?: V;
  onChange?: (value: V) => void;
  /** The row being edited, null when adding. */
  row: ResourceRow | null;
}

/** A part of the dialog form after the generated fields (e.g. a tree or a preview). */
export interface FormSection {
  key: string;
  /** Already translated. */
  title?: string;
  render: (ctx: { row: ResourceRow | null; def: ResourceDef }) => ReactNode;
}

/**
 * How a screen differs from the generated one, without forking it (DESIGN §3). Every part is
 * optional; anything not overridden comes from the definition.
 */
export interface ResourceOverrides {
  /** A field's table cell, by field key. */
  cells?: Record<string, (value: unknown, row: ResourceRow) => ReactNode>;
  /** The final say over the columns: add, drop or reorder (the actions column comes last). */
  columns?: (generated: TableColumnProps<ResourceRow>[], ctx: PageContext) => TableColumnProps<ResourceRow>[];
  /** A field's editor in the dialog form, by field key (validation still comes from the definition). */
  editors?: Record<string, (props: EditorProps) => ReactNode>;
  /** Sections added to the dialog form after the generated fields. */
  formSections?: FormSection[];
  /** Buttons added to the toolbar after the generated ones. */
  toolbar?: (ctx: PageContext) => ReactNode;
  /** Actions added to each row after edit and delete. */
  rowActions?: (row: ResourceRow, ctx: PageContext) => ReactNode;
  /** The values a new record starts from, when they depend on the rows (a course after the last one). */
  newRecord?: (ctx: PageContext) => Record<string, unknown>;
  /** A panel beside the table about the row last clicked (a dictionary's details). */
  aside?: (row: ResourceRow | null, ctx: PageContext) => ReactNode;
  /** How the history names what the definition does not hold (fields of the server's own, ids to hide). */
  historyLabels?: (t: TFunction) => HistoryLabels;
}
