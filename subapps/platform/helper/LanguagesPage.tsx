import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Card,
  Checkbox,
  Input,
  Modal,
  Space,
  Tag,
  Upload,
  type TableColumnProps,
} from '@arco-design/web-react';
import { useBridge, useBridgeContext } from '../../../bridge/react';
import {
  HELPER_PERMISSIONS as P,
  OVERRIDABLE_NAMESPACES,
  TRANSLATION_HISTORY as H,
  type LanguageOption,
  type TranslationRow,
} from '../../../model/helper';
import { contract } from '../../../model/contract';
import { LANGUAGES, type Language } from '../../../model/languages';
import { useApi } from '../../kit/api';
import { usePagedList } from '../../kit/usePagedList';
import { HistoryButton } from '../../kit/history/HistoryButton';
import { translationHistory } from './history-labels';
import { PagedTable } from '../../kit/PagedTable';
import { SearchForm } from '../../kit/SearchForm';

interface Editing {
  row: TranslationRow;
  language: Language;
}

/** Language maintenance (SPEC §2 `helper/language`): languages offered, and the tenant's own words. */
export function LanguagesPage() {
  const { t } = useTranslation(['platform', 'model', 'common']);
  const bridge = useBridge();
  const api = useApi();
  const { permissions } = useBridgeContext();
  const can = (code: string) => permissions.includes(code);
  const [languages, setLanguages] = useState<LanguageOption[]>([]);
  const [chosen, setChosen] = useState<Language[]>([]);
  const list = usePagedList(contract.helper.translations);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [text, setText] = useState('');

  const loadLanguages = async () => {
    const l = await api.call(contract.helper.languages);
    setLanguages(l);
    setChosen(l.filter((x) => x.enabled).map((x) => x.dictKey));
  };
  useEffect(() => {
    void loadLanguages().catch(() => undefined);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  async function saveLanguages() {
    try {
      await api.call(contract.helper.setLanguages, { body: { languages: chosen }, showSuccess: true });
      await loadLanguages();
    } catch {
      /* shown by the shell */
    }
  }

  async function saveText(value: string) {
    if (!editing) return;
    try {
      await api.call(contract.helper.setTranslation, {
        showSuccess: true,
        body: { namespace: editing.row.namespace, key: editing.row.key, language: editing.language, value },
      });
      setEditing(null);
      list.reload();
    } catch {
      /* the message names the problem */
    }
  }

  async function importSheet(file: File) {
    try {
      await api.call(contract.helper.importTranslations, { files: { file }, showSuccess: true, timeout: 120_000 });
      list.reload();
    } catch {
      /* shown */
    }
  }

  const cell = (row: TranslationRow, language: Language) => {
    const own = row.override[language];
    const shown = own ?? row.shipped[language] ?? '';
    return (
      <span
        className="translation-cell"
        data-testid={`text-${row.namespace}-${row.key}-${language}`}
        onClick={
          can(P.languageEdit)
            ? () => {
                setEditing({ row, language });
                setText(shown);
              }
            : undefined
        }
        style={{ cursor: can(P.languageEdit) ? 'pointer' : undefined }}
      >
        {own !== undefined ? (
          <Tag color="arcoblue" size="small">
            {t('helper.own')}
          </Tag>
        ) : null}{' '}
        {shown}
      </span>
    );
  };
  const columns: TableColumnProps<TranslationRow>[] = [
    { title: t('model:helper.namespace'), dataIndex: 'namespace', width: 90 },
    { title: t('model:helper.key'), dataIndex: 'key', width: 220, ellipsis: true },
    ...LANGUAGES.map((l) => ({ title: l, dataIndex: l, render: (_: unknown, row: TranslationRow) => cell(row, l) })),
    {
      title: t('common:actions'),
      width: 90,
      render: (_: unknown, row: TranslationRow) => {
        const id = `${row.namespace}:${row.key}`;
        return <HistoryButton target={{ entity: H.entity, recordId: id, title: id }} labels={translationHistory(t)} />;
      },
    },
  ];

  return (
    <div data-testid="page-helper-language">
      <Card title={t('helper.offered')} size="small" style={{ marginBottom: 12 }}>
        <Space>
          <Checkbox.Group
            data-testid="languages"
            value={chosen}
            onChange={(v: Language[]) => setChosen(v)}
            disabled={!can(P.languageEdit)}
            options={languages.map((l) => ({
              value: l.dictKey,
              label: <span data-testid={`language-${l.dictKey}`}>{l.dictValue}</span>,
            }))}
          />
          {can(P.languageEdit) && (
            <Button type="primary" size="small" data-testid="languages-save" onClick={() => void saveLanguages()}>
              {t('helper.saveLanguages')}
            </Button>
          )}
          <HistoryButton
            target={{ entity: H.languagesEntity, recordId: H.languagesRecord, title: t('helper.offered') }}
            labels={translationHistory(t)}
          />
        </Space>
      </Card>
      <SearchForm
        filters={[
          {
            key: 'namespace',
            kind: 'select',
            label: t('model:helper.namespace'),
            options: OVERRIDABLE_NAMESPACES.map((n) => ({ value: n, label: n })),
          },
          { key: 'keyword', kind: 'text', label: t('helper.search'), testId: 'translation-keyword' },
          { key: 'overridden', kind: 'check', label: t('helper.onlyOwn'), value: '1' },
        ]}
        onSearch={list.search}
      />
      <div className="page-toolbar">
        {can(P.languageExport) && (
          <Button
            onClick={() =>
              void bridge.download({
                ...api.prepare(contract.helper.exportTranslations),
                filename: 'translations.xlsx',
              })
            }
          >
            {t('common:export')}
          </Button>
        )}
        {can(P.languageImport) && (
          <Upload
            accept=".xlsx"
            showUploadList={false}
            autoUpload={false}
            onChange={(files) => {
              const f = files[files.length - 1]?.originFile;
              if (f) void importSheet(f);
            }}
          >
            <Button>{t('common:import')}</Button>
          </Upload>
        )}
      </div>
      <PagedTable<TranslationRow>
        list={list}
        sizeCanChange
        rowKey={(r) => `${r.namespace}:${r.key}`}
        columns={columns}
        data-testid="translation-table"
      />
      <Modal
        title={editing ? `${editing.row.namespace} · ${editing.row.key} · ${editing.language}` : ''}
        visible={editing !== null}
        onOk={() => void saveText(text)}
        onCancel={() => setEditing(null)}
        unmountOnExit
        footer={(cancel, ok) => (
          <>
            {editing?.row.override[editing.language] !== undefined && (
              <Button data-testid="translation-restore" onClick={() => void saveText('')}>
                {t('helper.restore')}
              </Button>
            )}
            {cancel}
            {ok}
          </>
        )}
      >
        {editing && (
          <div data-testid="translation-editor">
            <div style={{ marginBottom: 8, color: 'var(--color-text-3)' }}>
              {t('helper.shipped')}: {editing.row.shipped[editing.language] ?? '—'}
            </div>
            <Input.TextArea
              data-testid="translation-text"
              value={text}
              onChange={setText}
              autoSize={{ minRows: 2 }}
              maxLength={{ length: 2000, errorOnly: true }}
            />
          </div>
        )}
      </Modal>
    </div>
  );
}
