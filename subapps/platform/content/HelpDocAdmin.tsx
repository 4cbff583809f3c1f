import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Select, Space, Tag, type TableColumnProps } from '@arco-design/web-react';
import { HistoryButton } from '../../kit/history/HistoryButton';
import { helpDocHistory } from './history-labels';
import { lengthRule } from '../../kit/zodRules';
import { useBridgeContext } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import type { HelpDocAdminRow as HelpDocRow, HelpDocInput } from '../../../model/help';
import { LANGUAGES } from '../../../model/languages';
import { useApi } from '../../kit/api';
import { usePagedList } from '../../kit/usePagedList';
import { RichTextEditor } from './RichTextEditor';
import { PagedTable } from '../../kit/PagedTable';
import { RecordModal, useRecordEditor } from './recordEditor';
import { RecordActions } from '../../kit/RecordActions';
import { SearchForm } from '../../kit/SearchForm';

type Draft = HelpDocInput;

/** The portal's own address: this app runs in the shell's frame, and the public SOP page is the shell's. */
function portalOrigin(): string {
  try {
    return document.referrer ? new URL(document.referrer).origin : window.location.origin;
  } catch {
    return window.location.origin;
  }
}

/** The public link of an SOP document in a language (SPEC §2 `/{lang}/sop/{id}`). */
export const sopLink = (row: Pick<HelpDocRow, 'docKey' | 'language'>) =>
  `${portalOrigin()}/${row.language}/sop/${row.docKey}`;

/** Help documents per route and language, and SOP documents with a public link per language. */
export function HelpDocAdmin() {
  const { t } = useTranslation(['platform', 'common']);
  const api = useApi();
  const { language } = useBridgeContext();
  const list = usePagedList(contract.help.page);
  const [kind, setKind] = useState<'help' | 'sop'>('help');
  // An SOP in another language shares the document's key, so one public link serves every language.
  const [docKey, setDocKey] = useState<string | undefined>();
  const editor = useRecordEditor<HelpDocRow, Draft>({
    permission: 'system:help-doc',
    async save(v, editing) {
      const body: Draft = {
        ...v,
        routePath: v.kind === 'help' ? v.routePath : null,
        ...(editing || !docKey ? {} : { docKey }),
      };
      if (editing) await api.call(contract.help.update, { params: { id: editing.id }, body, showSuccess: true });
      else await api.call(contract.help.create, { body, showSuccess: true });
    },
    remove: (row) => api.call(contract.help.remove, { params: { id: row.id }, showSuccess: true }),
    reload: list.reload,
  });
  const { can, editing } = editor;

  const start = (row: HelpDocRow | null, draft: Partial<Draft>) => {
    const { docKey: key, ...values } = {
      kind: 'help' as const,
      language,
      title: '',
      content: '',
      routePath: '',
      ...draft,
    };
    setKind(values.kind);
    setDocKey(key);
    editor.start(row, values);
  };

  const columns: TableColumnProps<HelpDocRow>[] = [
    {
      title: t('content.help.kind'),
      dataIndex: 'kind',
      width: 110,
      render: (v: string) => <Tag color={v === 'sop' ? 'purple' : 'arcoblue'}>{t(`content.helpKind.${v}`)}</Tag>,
    },
    { title: t('content.help.title'), dataIndex: 'title' },
    { title: t('content.help.language'), dataIndex: 'language', width: 90 },
    {
      title: t('content.help.where'),
      render: (_: unknown, r: HelpDocRow) =>
        r.kind === 'help' ? (
          r.routePath
        ) : (
          <a href={sopLink(r)} target="_blank" rel="noopener noreferrer" data-testid={`sop-link-${r.language}`}>
            {sopLink(r)}
          </a>
        ),
    },
    {
      title: t('content.help.updatedAt'),
      dataIndex: 'updatedAt',
      width: 180,
      render: (v: string) => new Date(v).toLocaleString(),
    },
    {
      title: t('common:actions'),
      width: 270,
      render: (_: unknown, r: HelpDocRow) => (
        <RecordActions
          {...editor.actions(r, () =>
            start(r, {
              kind: r.kind,
              routePath: r.routePath,
              language: r.language,
              title: r.title,
              content: r.content,
            }),
          )}
          history={
            <HistoryButton target={{ entity: 'help-doc', recordId: r.id, title: r.title }} labels={helpDocHistory(t)} />
          }
        >
          {can('add') && r.kind === 'sop' && (
            <Button
              type="text"
              size="mini"
              onClick={() =>
                start(null, {
                  kind: 'sop',
                  docKey: r.docKey,
                  title: r.title,
                  language: LANGUAGES.find((l) => l !== r.language),
                })
              }
            >
              {t('content.help.addLanguage')}
            </Button>
          )}
        </RecordActions>
      ),
    },
  ];

  return (
    <div data-testid="page-help-doc">
      <SearchForm
        filters={[
          {
            key: 'kind',
            kind: 'select',
            label: t('content.help.kind'),
            options: ['help', 'sop'].map((k) => ({ value: k, label: t(`content.helpKind.${k}`) })),
          },
          { key: 'keyword', kind: 'text', label: t('content.help.keyword') },
        ]}
        onSearch={list.search}
      />
      <div className="page-toolbar">
        {can('add') && (
          <Button type="primary" data-testid="help-doc-add" onClick={() => start(null, {})}>
            {t('common:add')}
          </Button>
        )}
      </div>
      <PagedTable<HelpDocRow> list={list} columns={columns} />
      <RecordModal
        editor={editor}
        titles={{ add: t('content.help.addTitle'), edit: t('content.help.editTitle') }}
        width={800}
        saveTestId="help-doc-save"
        onValuesChange={(changed) => {
          if (changed.kind) setKind(changed.kind);
        }}
      >
        <Space size="large" align="start">
          <Form.Item field="kind" label={t('content.help.kind')} style={{ width: 160 }}>
            <Select
              disabled={Boolean(editing) || Boolean(docKey)}
              options={['help', 'sop'].map((k) => ({ value: k, label: t(`content.helpKind.${k}`) }))}
            />
          </Form.Item>
          <Form.Item field="language" label={t('content.help.language')} style={{ width: 140 }}>
            <Select options={LANGUAGES.map((l) => ({ value: l, label: l }))} />
          </Form.Item>
          {kind === 'help' && (
            <Form.Item
              field="routePath"
              label={t('content.help.routePath')}
              style={{ width: 320 }}
              rules={[
                { required: true, message: t('content.required') },
                { match: /^\//, message: t('content.help.routePathFormat') },
              ]}
            >
              <Input placeholder="/system/notice" data-testid="help-doc-route" />
            </Form.Item>
          )}
        </Space>
        <Form.Item
          field="title"
          label={t('content.help.title')}
          rules={[{ required: true, message: t('content.required') }, lengthRule(t, t('content.help.title'), 200)]}
        >
          <Input maxLength={{ length: 200, errorOnly: true }} data-testid="help-doc-title" />
        </Form.Item>
        <Form.Item field="content" label={t('content.help.content')}>
          <RichTextEditor testId="help-doc-content" />
        </Form.Item>
      </RecordModal>
    </div>
  );
}
