import type { FieldDef, ResourceDef } from '../../../model/engine';
import { DetailsEditor } from './DetailsEditor';
import { ScalarEditor } from './ScalarEditor';

export interface FieldEditorProps {
  def: ResourceDef;
  fieldKey: string;
  field: FieldDef;
  value?: unknown;
  onChange?: (value: unknown) => void;
  testId?: string;
  /** The control's id from Form.Item (its label is tied to it). */
  id?: string;
  /** In the search form: text fields without length limits, bools as a yes/no select. */
  search?: boolean;
  /** A detail table's cells that hold a refused value (`details.0.order`). */
  refusedCells?: string[];
}

/** The editor of one field by its kind; Form.Item hands it `value` and `onChange`. */
export function FieldEditor(props: FieldEditorProps) {
  const { field: f } = props;
  if (f.kind === 'details') {
    return (
      <DetailsEditor
        def={props.def}
        fieldKey={props.fieldKey}
        field={f}
        value={props.value}
        onChange={props.onChange}
        testId={props.testId}
        refusedCells={props.refusedCells}
      />
    );
  }
  const { refusedCells: _cells, ...scalar } = props;
  return <ScalarEditor {...scalar} field={f} />;
}
