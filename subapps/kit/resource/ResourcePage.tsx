import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Space, Table, type TableColumnProps } from '@arco-design/web-react';
import { useBridge, useBridgeContext } from '../../../bridge/react';
import { VERBS, apiPath, type ResourceDef, type ResourceRow, type Verb } from '../../../model/resource';
import { generatedColumns } from './columns';
import { describeError } from './errors';
import { ImportDialog } from './ImportDialog';
import { titleOf } from './labels';
import { useDictLabels } from './options';
import { ResourceFormDialog } from './ResourceFormDialog';
import { SearchBar } from './SearchBar';
import type { PageContext, ResourceOverrides } from './types';
import { useResourceList } from './useResourceList';
import './resource.css';

export interface ResourcePageProps {
  def: ResourceDef;
  overrides?: ResourceOverrides;
}

/** Today as `YYYYMMDD`, for file names. */
const stamp = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

/**
 * A whole master-data screen from one definition (DESIGN §3): search form, server-paged and sorted
 * table with selection, add/edit dialog, delete, import, export and template, each button shown by
 * its permission code. `overrides` change parts of it without forking.
 */
export function ResourcePage({ def, overrides }: ResourcePageProps) {
  const { t } = useTranslation(['common', 'model']);
  const bridge = useBridge();
  const { permissions } = useBridgeContext();
  const api = apiPath(def);
  const can = (verb: Verb | 'template' | string) => {
    const base = verb === 'template' ? 'import' : verb;
    // A verb the resource does not offer has no button, whatever the menu grants.
    if ((VERBS as readonly string[]).includes(base) && !def.verbs.includes(base as Verb)) return false;
    return permissions.includes(`${def.permissions}:${base}`);
  };
  const list = useResourceList(api, { field: def.defaultSort.field, order: def.defaultSort.order });
  const dictLabels = useDictLabels(def);
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const [dialog, setDialog] = useState<{ visible: boolean; row: ResourceRow | null }>({ visible: false, row: null });
  const [importing, setImporting] = useState(false);

  const records = list.data.records;
  const selected = useMemo(() => records.filter((r) => selectedKeys.includes(r.id)), [records, selectedKeys]);
  const reload = () => { setSelectedKeys([]); list.reload(); };
  const ctx: PageContext = { def, bridge, selected, reload, t };
  const warn = (message: string) => void bridge.notify({ type: 'warning', message });
  const title = titleOf(t, def);

  function edit(rows: ResourceRow[]) {
    if (rows.length === 0) return warn(t('common:selectToOperate'));
    if (rows.length > 1) return warn(t('common:selectOneToEdit'));
    setDialog({ visible: true, row: rows[0]! });
  }

  async function remove(rows: ResourceRow[]) {
    if (rows.length === 0) return warn(t('common:selectToDelete'));
    const ok = await bridge.confirm({ title: t('common:deleteTitle'), content: t('common:deleteConfirm', { count: rows.length }) });
    if (!ok) return;
    try {
      await bridge.request({ method: 'DELETE', url: api, data: { ids: rows.map((r) => r.id) }, showSuccess: true, showError: false });
      reload();
    } catch (e) {
      void bridge.notify({ type: 'error', message: describeError(t, def, e) });
    }
  }

  function exportRows() {
    const { sort, filters } = list;
    void bridge.download({
      url: `${api}/export`,
      params: { ...filters, ...(sort ? { sort: sort.field, order: sort.order } : {}) },
      filename: `${title}-${stamp()}.xlsx`,
    }).catch(() => undefined);
  }

  function template() {
    void bridge.download({ url: `${api}/template`, filename: `${t('common:resource.templateFile', { title })}.xlsx` }).catch(() => undefined);
  }

  const canEdit = can('edit');
  const canDelete = can('delete');
  let columns: TableColumnProps<ResourceRow>[] = generatedColumns({
    t, def, sort: list.sort, dictLabels, canChangeState: (verb) => can(verb), cells: overrides?.cells, reload,
  });
  if (overrides?.columns) columns = overrides.columns(columns, ctx);
  if (canEdit || canDelete || overrides?.rowActions) {
    columns = [...columns, {
      key: '$actions', title: t('common:actions'), fixed: 'right', width: 160,
      render: (_: unknown, row: ResourceRow) => (
        <span onClick={(e) => e.stopPropagation()}><Space size="mini">
          {canEdit && <Button type="text" size="mini" data-testid="row-edit" onClick={() => setDialog({ visible: true, row })}>{t('common:edit')}</Button>}
          {canDelete && <Button type="text" size="mini" status="danger" data-testid="row-delete" onClick={() => void remove([row])}>{t('common:delete')}</Button>}
          {overrides?.rowActions?.(row, ctx)}
        </Space></span>
      ),
    }];
  }

  return (
    <div data-testid={`page-${def.name}`} className="resource-page">
      <SearchBar def={def} onSearch={(filters) => { setSelectedKeys([]); list.search(filters); }} />
      <div className="page-toolbar">
        {can('add') && <Button type="primary" data-testid="btn-add" onClick={() => setDialog({ visible: true, row: null })}>{t('common:add')}</Button>}
        {canEdit && <Button data-testid="btn-edit" onClick={() => edit(selected)}>{t('common:edit')}</Button>}
        {canDelete && <Button status="danger" data-testid="btn-delete" onClick={() => void remove(selected)}>{t('common:delete')}</Button>}
        {can('import') && <Button data-testid="btn-import" onClick={() => setImporting(true)}>{t('common:import')}</Button>}
        {can('export') && <Button data-testid="btn-export" onClick={exportRows}>{t('common:export')}</Button>}
        {can('template') && <Button data-testid="btn-template" onClick={template}>{t('common:template')}</Button>}
        {overrides?.toolbar?.(ctx)}
      </div>
      <Table<ResourceRow>
        rowKey="id"
        data-testid="resource-table"
        columns={columns}
        data={records}
        loading={list.loading}
        scroll={{ x: 'max-content' }}
        rowSelection={{ type: 'checkbox', selectedRowKeys: selectedKeys, onChange: (keys) => setSelectedKeys(keys as string[]) }}
        onChange={(_pagination, sorter, _filters, extra) => {
          if (extra.action !== 'sort') return;
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = one?.direction ? String(one.field) : null;
          list.changeSort(field ? { field, order: one!.direction === 'ascend' ? 'asc' : 'desc' } : null);
        }}
        pagination={{
          current: list.page, pageSize: list.size, total: list.data.total, showTotal: true, sizeCanChange: true,
          onChange: (p: number, s: number) => { setSelectedKeys([]); list.changePage(p, s); },
        }}
      />
      <ResourceFormDialog def={def} visible={dialog.visible} row={dialog.row} overrides={overrides}
        onClose={() => setDialog((d) => ({ ...d, visible: false }))} onSaved={() => list.reload()} />
      <ImportDialog def={def} visible={importing} onClose={() => setImporting(false)} onImported={reload} />
    </div>
  );
}

export default ResourcePage;
