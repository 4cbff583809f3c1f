import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Radio, Space, Table, type TableColumnProps } from '@arco-design/web-react';
import { useBridge, useBridgeContext } from '../../../bridge/react';
import { endpointsOf } from '../../../model/contract';
import { AUDIT_PERMISSIONS } from '../../../model/audit';
import { VERBS, type ResourceDef, type ResourceRow, type Verb } from '../../../model/engine';
import { useApi } from '../api';
import { HistoryDrawer, type HistoryTarget } from '../history/HistoryDrawer';
import { useScreenShortcuts } from '../shortcuts';
import { generatedColumns } from './columns';
import { describeError } from './errors';
import { ImportDialog } from './ImportDialog';
import { titleOf } from './labels';
import { useDictLabels } from './options';
import { recordCalls } from './records';
import { ResourceFormDialog } from './ResourceFormDialog';
import { SearchBar } from './SearchBar';
import type { FormPreset, PageContext, ResourceOverrides } from './types';
import { useResourceList } from './useResourceList';
import { useRecordFocus } from './useRecordFocus';
import { pickedOf } from './picked';
import { TREE_MAX_ROWS, useResourceTree, type TreeRow } from './useResourceTree';
import './resource.css';

export interface ResourcePageProps {
  def: ResourceDef;
  overrides?: ResourceOverrides;
  /** The path parameters its records sit under (a dictionary's details: the dictionary's id). */
  params?: Record<string, string>;
  /**
   * Shown inside another screen (a dictionary's details beside its dictionaries): no keyboard
   * shortcut of its own and no record opened from the address.
   */
  embedded?: boolean;
  /** After the screen wrote its records (added, edited, deleted). */
  onChanged?: () => void;
}

/** Opens the add dialog from the keyboard. */
const ADD_KEYS = { code: 'KeyN', alt: true, shift: true } as const;

/** Today as `YYYYMMDD` in the user's own time zone (not UTC's day), for file names. */
const stamp = () => dayjs().format('YYYYMMDD');

interface DialogState {
  visible: boolean;
  row: ResourceRow | null;
  preset?: FormPreset;
}

/**
 * A whole records screen from one definition (DESIGN §3): search form, table (server-paged and
 * sorted where the list offers it) with selection, add/edit dialog, delete, import, export and
 * template, each button shown by its permission code. The records travel through the definition's
 * operations: the engine's, or its feature's own. `overrides` change parts of it without forking.
 */
export function ResourcePage({ def, overrides, params, embedded = false, onChanged }: ResourcePageProps) {
  const { t } = useTranslation(['common', 'model']);
  const bridge = useBridge();
  const { permissions, language, modal } = useBridgeContext();
  const api = useApi();
  const paramsKey = JSON.stringify(params ?? {});
  const calls = useMemo(
    () => recordCalls(api, def, JSON.parse(paramsKey) as Record<string, string>),
    [api, def, paramsKey],
  );
  // An operation the records do not have has no button, whatever the menu grants.
  const offered: Partial<Record<Verb, boolean>> = {
    add: Boolean(calls.create),
    edit: Boolean(calls.update),
    delete: Boolean(calls.remove),
    export: Boolean(calls.exportOf),
  };
  const can = (verb: Verb | 'template' | string) => {
    const base = verb === 'template' ? 'import' : verb;
    if ((VERBS as readonly string[]).includes(base)) {
      if (!def.verbs.includes(base as Verb) || offered[base as Verb] === false) return false;
    }
    return permissions.includes(`${def.permissions}:${base}`);
  };
  const list = useResourceList(def, { field: def.defaultSort.field, order: def.defaultSort.order }, { params });
  const dictLabels = useDictLabels(def);
  // A tree (a definition with `tree`) is also shown whole, nested by its parent, beside the paged list.
  const [view, setView] = useState<'list' | 'tree'>('list');
  const tree = useResourceTree(
    def,
    def.tree?.parent ?? '',
    list.filters,
    def.codeField,
    Boolean(def.tree) && view === 'tree',
    list.version,
  );
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const [dialog, setDialog] = useState<DialogState>({ visible: false, row: null });
  const [importing, setImporting] = useState(false);
  const [history, setHistory] = useState<HistoryTarget | null>(null);
  /** The row last clicked, for the panel beside the table. */
  const [current, setCurrent] = useState<ResourceRow | null>(null);
  const focused = useRecordFocus(def, calls.get && !embedded ? calls.get : null, (filters, id) => {
    list.search(filters);
    setSelectedKeys([id]);
  });

  const records = list.data.records;
  const shown = view === 'tree' ? tree.rows : records;
  const selected = useMemo(() => shown.filter((r) => selectedKeys.includes(r.id)), [shown, selectedKeys]);
  // The tree reloads with the list (it follows the list's version).
  const reload = () => {
    setSelectedKeys([]);
    list.reload();
  };
  const ctx: PageContext = {
    def,
    bridge,
    selected,
    records,
    reload,
    add: (preset) => setDialog({ visible: true, row: null, preset }),
    edit: (row) => setDialog({ visible: true, row }),
    can,
    t,
  };
  const add = () => {
    const values = overrides?.newRecord?.(ctx);
    ctx.add(values ? { values } : undefined);
  };
  const warn = (message: string) => void bridge.notify({ type: 'warning', message });
  const title = titleOf(t, def);

  function edit(rows: ResourceRow[]) {
    if (rows.length === 0) return warn(t('common:selectToOperate'));
    if (rows.length > 1) return warn(t('common:selectOneToEdit'));
    ctx.edit(rows[0]!);
  }

  async function remove(rows: ResourceRow[]) {
    if (rows.length === 0) return warn(t('common:selectToDelete'));
    const ok = await bridge.confirm({
      title: t('common:deleteTitle'),
      content: t('common:deleteConfirm', { count: rows.length }),
    });
    if (!ok || !calls.remove) return;
    try {
      await calls.remove(rows.map((r) => r.id));
      if (current && rows.some((r) => r.id === current.id)) setCurrent(null);
    } catch (e) {
      void bridge.notify({ type: 'error', message: describeError(t, def, e) });
    }
    // Records deleted one a call may be gone in part when one fails.
    reload();
    onChanged?.();
  }

  function exportRows() {
    const { sort, filters } = list;
    if (!calls.exportOf) return;
    void bridge
      .download({
        ...calls.exportOf({ ...filters, ...(sort && calls.sorts ? { sort: sort.field, order: sort.order } : {}) }),
        filename: `${title}-${stamp()}.xlsx`,
      })
      .catch(() => undefined);
  }

  function template() {
    void bridge
      .download({
        ...api.prepare(endpointsOf(def).template),
        filename: `${t('common:resource.templateFile', { title })}.xlsx`,
      })
      .catch(() => undefined);
  }

  // Not while a record's form is open: the key would replace what is being typed.
  useScreenShortcuts(
    can('add') && !dialog.visible && !embedded
      ? [{ chord: ADD_KEYS, description: t('common:shortcuts.add'), run: add }]
      : [],
  );

  const canEdit = can('edit');
  const canDelete = can('delete');
  const canHistory = permissions.includes(AUDIT_PERMISSIONS.history) && def.history;
  const recordName = (row: ResourceRow) => String(row[def.codeField] ?? row[def.displayField] ?? row.id);
  let columns: TableColumnProps<ResourceRow>[] = generatedColumns({
    t,
    def,
    language,
    sort: list.sort,
    sortable: calls.sorts,
    dictLabels,
    canChangeState: (verb) => can(verb),
    cells: overrides?.cells,
    reload,
  });
  if (overrides?.columns) columns = overrides.columns(columns, ctx);
  // Opened over another screen (bridge openModal): each row can be chosen, handed back to the opener.
  if (modal) {
    columns = [
      {
        key: '$choose',
        title: t('common:resource.choose'),
        fixed: 'left',
        width: 100,
        render: (_: unknown, row: ResourceRow) => (
          <Button
            type="primary"
            size="mini"
            data-testid="row-choose"
            onClick={(e) => {
              e.stopPropagation();
              void bridge.closeModal(pickedOf(def, row));
            }}
          >
            {t('common:resource.choose')}
          </Button>
        ),
      },
      ...columns,
    ];
  }
  if (canEdit || canDelete || canHistory || overrides?.rowActions) {
    columns = [
      ...columns,
      {
        key: '$actions',
        title: t('common:actions'),
        fixed: 'right',
        width: canHistory ? 200 : 160,
        render: (_: unknown, row: ResourceRow) => (
          <span onClick={(e) => e.stopPropagation()}>
            <Space size="mini">
              {canEdit && (
                <Button type="text" size="mini" data-testid="row-edit" onClick={() => ctx.edit(row)}>
                  {t('common:edit')}
                </Button>
              )}
              {canDelete && (
                <Button
                  type="text"
                  size="mini"
                  status="danger"
                  data-testid="row-delete"
                  onClick={() => void remove([row])}
                >
                  {t('common:delete')}
                </Button>
              )}
              {canHistory && (
                <Button
                  type="text"
                  size="mini"
                  data-testid="row-history"
                  onClick={() => setHistory({ entity: def.name, recordId: row.id, title: recordName(row) })}
                >
                  {t('common:history.open')}
                </Button>
              )}
              {overrides?.rowActions?.(row, ctx)}
            </Space>
          </span>
        ),
      },
    ];
  }

  const table = (
    <Table<TreeRow>
      // Remounted when the tree changes so that it opens fully.
      key={view === 'tree' ? `tree-${tree.ids.join()}` : 'list'}
      rowKey="id"
      data-testid={view === 'tree' ? 'resource-tree' : 'resource-table'}
      columns={columns}
      data={view === 'tree' ? tree.roots : records}
      loading={view === 'tree' ? tree.loading : list.loading}
      defaultExpandAllRows
      scroll={{ x: 'max-content' }}
      rowSelection={{
        type: 'checkbox',
        checkStrictly: true,
        selectedRowKeys: selectedKeys,
        onChange: (keys) => setSelectedKeys(keys as string[]),
      }}
      rowClassName={(row) => (overrides?.aside && row.id === current?.id ? 'resource-row-current' : '')}
      onRow={overrides?.aside ? (row) => ({ onClick: () => setCurrent(row) }) : undefined}
      onChange={(_pagination, sorter, _filters, extra) => {
        if (extra.action !== 'sort') return;
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        const field = one?.direction ? String(one.field) : null;
        list.changeSort(field ? { field, order: one!.direction === 'ascend' ? 'asc' : 'desc' } : null);
      }}
      pagination={
        view === 'tree' || !calls.paged
          ? false
          : {
              current: list.page,
              pageSize: list.size,
              total: list.data.total,
              showTotal: true,
              sizeCanChange: true,
              onChange: (p: number, s: number) => {
                setSelectedKeys([]);
                list.changePage(p, s);
              },
            }
      }
    />
  );

  return (
    <div data-testid={`page-${def.name}`} className="resource-page">
      <SearchBar
        def={def}
        values={focused}
        onSearch={(filters) => {
          setSelectedKeys([]);
          list.search(filters);
        }}
      />
      <div className="page-toolbar">
        {can('add') && (
          <Button type="primary" data-testid="btn-add" onClick={add}>
            {t('common:add')}
          </Button>
        )}
        {canEdit && (
          <Button data-testid="btn-edit" onClick={() => edit(selected)}>
            {t('common:edit')}
          </Button>
        )}
        {canDelete && (
          <Button status="danger" data-testid="btn-delete" onClick={() => void remove(selected)}>
            {t('common:delete')}
          </Button>
        )}
        {can('import') && (
          <Button data-testid="btn-import" onClick={() => setImporting(true)}>
            {t('common:import')}
          </Button>
        )}
        {can('export') && (
          <Button data-testid="btn-export" onClick={exportRows}>
            {t('common:export')}
          </Button>
        )}
        {can('template') && (
          <Button data-testid="btn-template" onClick={template}>
            {t('common:template')}
          </Button>
        )}
        {overrides?.toolbar?.(ctx)}
        {def.tree && (
          <Radio.Group
            type="button"
            value={view}
            onChange={(v: 'list' | 'tree') => {
              setSelectedKeys([]);
              setView(v);
            }}
            style={{ marginLeft: 'auto' }}
          >
            <Radio value="list" data-testid="view-list">
              {t('common:resource.viewList')}
            </Radio>
            <Radio value="tree" data-testid="view-tree">
              {t('common:resource.viewTree')}
            </Radio>
          </Radio.Group>
        )}
      </div>
      {view === 'tree' && tree.truncated && (
        <Alert
          type="warning"
          content={t('common:resource.treeTruncated', { count: TREE_MAX_ROWS })}
          style={{ marginBottom: 8 }}
        />
      )}
      {overrides?.aside ? (
        <div className="page-split">
          {table}
          {overrides.aside(current, ctx)}
        </div>
      ) : (
        table
      )}
      <ResourceFormDialog
        def={def}
        calls={calls}
        visible={dialog.visible}
        row={dialog.row}
        preset={dialog.preset}
        overrides={overrides}
        onClose={() => setDialog((d) => ({ ...d, visible: false }))}
        onSaved={() => {
          list.reload();
          onChanged?.();
        }}
      />
      {can('import') && (
        <ImportDialog def={def} visible={importing} onClose={() => setImporting(false)} onImported={reload} />
      )}
      <HistoryDrawer
        target={history}
        def={def}
        labels={overrides?.historyLabels?.(t)}
        onClose={() => setHistory(null)}
      />
    </div>
  );
}

export default ResourcePage;
