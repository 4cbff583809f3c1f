import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Empty, Table, type TableColumnProps } from '@arco-design/web-react';
import { HistoryButton } from '../../kit/history/HistoryButton';
import { useBridge, useBridgeContext } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import { DICT_PERMISSIONS, dictItemInput, type Dict, type DictItem, type DictItemInput } from '../../../model/dict';
import { useApi } from '../../kit/api';
import { SchemaFormDialog, useFormDialog, type FieldSpec } from '../../kit/SchemaFormDialog';
import { RecordActions } from '../../kit/RecordActions';

const FIELDS: FieldSpec[] = [
  { name: 'label', label: 'dictItem.label' },
  { name: 'value', label: 'dictItem.value' },
  { name: 'sort', label: 'dictItem.sort', kind: 'number' },
];

/** The details (label and value) of one dictionary. */
export function DictItems({ dict, onChanged }: { dict: Dict | null; onChanged: () => void }) {
  const { t } = useTranslation(['platform', 'common', 'model']);
  const bridge = useBridge();
  const api = useApi();
  const { permissions } = useBridgeContext();
  const can = (code: string) => permissions.includes(code);
  const [items, setItems] = useState<DictItem[]>([]);
  const [loading, setLoading] = useState(false);
  const dialog = useFormDialog<DictItem>();
  const dictId = dict?.id ?? null;

  const load = useCallback(async () => {
    if (!dictId) return setItems([]);
    setLoading(true);
    try {
      setItems(await api.call(contract.dict.items, { params: { id: dictId } }));
    } catch {
      setItems([]);
    } finally {
      setLoading(false);
    }
  }, [api, dictId]);

  useEffect(() => {
    void load();
  }, [load]);

  if (!dict || !dictId) return <Empty description={t('dict.chooseOne')} />;

  async function save(values: DictItemInput) {
    const editing = dialog.editing;
    if (editing)
      await api.call(contract.dict.updateItem, {
        params: { id: dictId!, itemId: editing.id },
        body: values,
        showSuccess: true,
      });
    else await api.call(contract.dict.addItem, { params: { id: dictId! }, body: values, showSuccess: true });
    await load();
    onChanged();
  }

  async function remove(item: DictItem) {
    const ok = await bridge.confirm({
      title: t('common:deleteTitle'),
      content: t('common:deleteConfirm', { count: 1 }),
    });
    if (!ok) return;
    await api.call(contract.dict.removeItem, { params: { id: dictId!, itemId: item.id }, showSuccess: true });
    await load();
    onChanged();
  }

  const columns: TableColumnProps<DictItem>[] = [
    { title: t('model:dictItem.label'), dataIndex: 'label' },
    { title: t('model:dictItem.value'), dataIndex: 'value' },
    { title: t('model:dictItem.sort'), dataIndex: 'sort', width: 70 },
    {
      title: t('common:actions'),
      width: 200,
      render: (_: unknown, row: DictItem) => (
        <RecordActions
          onEdit={can(DICT_PERMISSIONS.edit) ? () => dialog.open(row) : undefined}
          onDelete={can(DICT_PERMISSIONS.delete) ? () => void remove(row) : undefined}
          history={
            <HistoryButton
              target={{ entity: 'dict-item', recordId: row.id, title: `${row.label} (${row.value})` }}
              labels={{
                fields: {
                  label: t('model:dictItem.label'),
                  value: t('model:dictItem.value'),
                  sort: t('model:dictItem.sort'),
                  dictId: t('model:dict.type'),
                },
                values: { dictId: { [dict.id]: dict.type } },
              }}
            />
          }
        />
      ),
    },
  ];

  return (
    <section data-testid="dict-items">
      <div className="page-toolbar">
        <span className="page-panel-title">{t('dict.itemsOf', { name: dict.name })}</span>
        {can(DICT_PERMISSIONS.add) && (
          <Button size="small" type="primary" data-testid="item-add" onClick={() => dialog.open(null)}>
            {t('dict.addItem')}
          </Button>
        )}
      </div>
      <Table<DictItem> rowKey="id" columns={columns} data={items} loading={loading} pagination={false} />
      <SchemaFormDialog<DictItemInput>
        title={dialog.editing ? t('dict.editItemTitle') : t('dict.addItemTitle')}
        visible={dialog.visible}
        schema={dictItemInput}
        fields={FIELDS}
        initial={dialog.editing}
        onSubmit={save}
        onClose={dialog.close}
      />
    </section>
  );
}
