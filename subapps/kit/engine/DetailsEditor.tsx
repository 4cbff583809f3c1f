import { useTranslation } from 'react-i18next';
import { Button, Table, type TableColumnProps } from '@arco-design/web-react';
import type { DetailsField, ResourceDef } from '../../../model/engine';
import { fieldLabel } from './labels';
import { ScalarEditor } from './ScalarEditor';

type Row = Record<string, unknown>;

interface Props {
  def: ResourceDef;
  fieldKey: string;
  field: DetailsField;
  value?: unknown;
  onChange?: (value: unknown) => void;
  testId?: string;
  /** Cells holding a refused value (`details.0.order`): marked, while the form item lists every message. */
  refusedCells?: string[];
}

/**
 * An editable table of detail rows (a shift's time intervals …): add and remove rows, one editor per
 * sub-field. A new row starts empty, so a row left untouched is refused as blank (SPEC §5).
 */
export function DetailsEditor({ def, fieldKey, field, value, onChange, testId, refusedCells }: Props) {
  const { t } = useTranslation(['common', 'model']);
  const rows: Row[] = Array.isArray(value) ? (value as Row[]) : [];
  const id = testId ?? `details-${fieldKey}`;
  const full = field.maxRows !== undefined && rows.length >= field.maxRows;

  const setCell = (index: number, key: string, v: unknown) =>
    onChange?.(rows.map((r, i) => (i === index ? { ...r, [key]: v } : r)));
  const add = () => onChange?.([...rows, {}]);
  const remove = (index: number) => onChange?.(rows.filter((_, i) => i !== index));

  const columns: TableColumnProps<Row & { $index: number }>[] = [
    { title: '#', width: 48, render: (_: unknown, r) => r.$index + 1 },
    ...Object.entries(field.fields).map(([key, sub]): TableColumnProps<Row & { $index: number }> => ({
      title: fieldLabel(t, sub),
      render: (_: unknown, r) => (
        <ScalarEditor
          def={def}
          fieldKey={`${fieldKey}.${key}`}
          field={sub}
          value={r[key]}
          onChange={(v) => setCell(r.$index, key, v)}
          testId={`${id}-${r.$index}-${key}`}
          error={refusedCells?.includes(`${fieldKey}.${r.$index}.${key}`)}
        />
      ),
    })),
    {
      title: t('common:actions'),
      width: 90,
      render: (_: unknown, r) => (
        <Button
          type="text"
          size="mini"
          status="danger"
          data-testid={`${id}-${r.$index}-remove`}
          onClick={() => remove(r.$index)}
        >
          {t('common:resource.removeRow')}
        </Button>
      ),
    },
  ];

  return (
    <div className="resource-details" data-testid={id}>
      <Table<Row & { $index: number }>
        size="small"
        rowKey="$index"
        pagination={false}
        border
        columns={columns}
        data={rows.map((r, i) => ({ ...r, $index: i }))}
      />
      <Button
        size="small"
        type="dashed"
        long
        disabled={full}
        style={{ marginTop: 8 }}
        data-testid={`${id}-add`}
        onClick={add}
      >
        {t('common:resource.addRow')}
      </Button>
    </div>
  );
}
