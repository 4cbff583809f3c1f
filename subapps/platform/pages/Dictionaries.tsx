import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type TableColumnProps } from '@arco-design/web-react';
import { useBridge, useBridgeContext } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import { DICT_PERMISSIONS, dictInput, type Dict, type DictInput } from '../../../model/dict';
import { useApi } from '../../kit/api';
import { usePagedList } from '../../kit/usePagedList';
import { SchemaFormDialog, useFormDialog, type FieldSpec } from '../../kit/SchemaFormDialog';
import { DictItems } from './DictItems';
import { HistoryButton } from '../../kit/history/HistoryButton';
import { PagedTable } from '../../kit/PagedTable';
import { RecordActions } from '../../kit/RecordActions';
import { SearchForm } from '../../kit/SearchForm';

const FIELDS: FieldSpec[] = [
  { name: 'name', label: 'dict.name' },
  { name: 'type', label: 'dict.type' },
  { name: 'remark', label: 'dict.remark', kind: 'textarea' },
];

/** Dictionaries (SPEC §3): the list by name and type, and the selected dictionary's details. */
export function Dictionaries() {
  const { t } = useTranslation(['platform', 'common', 'model']);
  const bridge = useBridge();
  const api = useApi();
  const { permissions } = useBridgeContext();
  const can = (code: string) => permissions.includes(code);
  const list = usePagedList(contract.dict.list);
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const [current, setCurrent] = useState<Dict | null>(null);
  const dialog = useFormDialog<Dict>();

  async function save(values: DictInput) {
    const editing = dialog.editing;
    if (editing) {
      await api.call(contract.dict.update, { params: { id: editing.id }, body: values, showSuccess: true });
    } else {
      await api.call(contract.dict.create, { body: values, showSuccess: true });
    }
    list.reload();
  }

  async function remove(ids: string[]) {
    if (!ids.length) {
      void bridge.notify({ type: 'warning', message: t('common:selectToDelete') });
      return;
    }
    const ok = await bridge.confirm({
      title: t('common:deleteTitle'),
      content: t('common:deleteConfirm', { count: ids.length }),
    });
    if (!ok) return;
    await api.call(contract.dict.remove, { body: { ids }, showSuccess: true });
    setSelectedKeys([]);
    if (current && ids.includes(current.id)) setCurrent(null);
    list.reload();
  }

  const columns: TableColumnProps<Dict>[] = [
    { title: t('model:dict.name'), dataIndex: 'name' },
    { title: t('model:dict.type'), dataIndex: 'type' },
    { title: t('model:dict.remark'), dataIndex: 'remark', ellipsis: true },
    { title: t('dict.itemCount'), dataIndex: 'itemCount', width: 90 },
    {
      title: t('common:actions'),
      width: 260,
      render: (_: unknown, row: Dict) => (
        <span onClick={(e) => e.stopPropagation()}>
          <RecordActions
            lead={
              <Button type="text" size="mini" onClick={() => setCurrent(row)}>
                {t('dict.details')}
              </Button>
            }
            onEdit={can(DICT_PERMISSIONS.edit) ? () => dialog.open(row) : undefined}
            onDelete={can(DICT_PERMISSIONS.delete) ? () => void remove([row.id]) : undefined}
            history={
              <HistoryButton
                target={{ entity: 'dict', recordId: row.id, title: row.name }}
                labels={{
                  fields: {
                    name: t('model:dict.name'),
                    type: t('model:dict.type'),
                    remark: t('model:dict.remark'),
                  },
                }}
              />
            }
          />
        </span>
      ),
    },
  ];

  return (
    <div data-testid="page-dict">
      <SearchForm
        filters={[
          { key: 'name', kind: 'text', label: t('model:dict.name'), testId: 'search-name' },
          { key: 'type', kind: 'text', label: t('model:dict.type') },
        ]}
        onSearch={list.search}
      />
      <div className="page-toolbar">
        {can(DICT_PERMISSIONS.add) && (
          <Button type="primary" data-testid="dict-add" onClick={() => dialog.open(null)}>
            {t('common:add')}
          </Button>
        )}
        {can(DICT_PERMISSIONS.delete) && (
          <Button status="danger" onClick={() => void remove(selectedKeys)}>
            {t('common:deleteSelected')}
          </Button>
        )}
      </div>
      <div className="page-split">
        <PagedTable<Dict>
          list={list}
          sizeCanChange
          data-testid="dict-table"
          columns={columns}
          rowSelection={
            can(DICT_PERMISSIONS.delete)
              ? {
                  type: 'checkbox',
                  selectedRowKeys: selectedKeys,
                  onChange: (keys) => setSelectedKeys(keys as string[]),
                }
              : undefined
          }
          onRow={(row) => ({ onClick: () => setCurrent(row) })}
        />
        <DictItems dict={current} onChanged={list.reload} />
      </div>
      <SchemaFormDialog<DictInput>
        title={dialog.editing ? t('dict.editTitle') : t('dict.addTitle')}
        visible={dialog.visible}
        schema={dictInput}
        fields={FIELDS}
        initial={dialog.editing}
        onSubmit={save}
        onClose={dialog.close}
      />
    </div>
  );
}
