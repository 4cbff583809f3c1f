import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Drawer, Space, Table, Tag, type TableColumnProps } from '@arco-design/web-react';
import { useBridge, useBridgeContext } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import {
  DOCUMENT_PERMISSIONS as P,
  type DocumentDetail,
  type DocumentRow,
  type DocumentVersionRow,
} from '../../../model/document';
import { useApi } from '../../kit/api';
import { usePagedList } from '../../kit/usePagedList';
import { PreviewDrawer } from './PreviewDrawer';
import { UploadDialog } from './UploadDialog';
import { HistoryButton } from '../../kit/history/HistoryButton';
import { PagedTable } from '../../kit/PagedTable';
import { SearchForm } from '../../kit/SearchForm';

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Documents (SPEC §3): the newest version of each, its versions, upload and preview. */
export function DocumentsPage() {
  const { t } = useTranslation(['basic', 'model', 'common']);
  const bridge = useBridge();
  const api = useApi();
  const { permissions } = useBridgeContext();
  const can = (code: string) => permissions.includes(code);
  const list = usePagedList(contract.documents.list);
  const [uploading, setUploading] = useState<{ version: DocumentRow | null } | null>(null);
  const [preview, setPreview] = useState<{ doc: DocumentRow; versionId?: string; fileName?: string } | null>(null);
  const [versions, setVersions] = useState<DocumentDetail | null>(null);
  const [selected, setSelected] = useState<string[]>([]);

  const remove = async () => {
    if (!selected.length) return;
    if (
      !(await bridge.confirm({
        title: t('common:deleteTitle'),
        content: t('common:deleteConfirm', { count: selected.length }),
      }))
    )
      return;
    try {
      await api.call(contract.documents.remove, { body: { ids: selected }, showSuccess: true });
    } catch {
      /* shown */
    }
    setSelected([]);
    list.reload();
  };

  // History: a document's entries carry its fields and its newest version; a version's carry its release signature.
  const documentFields: Record<string, string> = {
    ...Object.fromEntries(
      ['typeId', 'name', 'number', 'version', 'encrypted', 'validFrom', 'validTo', 'deviceId', 'size'].map((k) => [
        k,
        t(`model:document.${k}`),
      ]),
    ),
    fileName: t('model:document.file'),
    releaseStatus: t('document.releaseTitle'),
  };
  const releaseValues = {
    releaseStatus: {
      released: t('document.release.released'),
      pending: t('document.release.pending'),
      rejected: t('document.release.rejected'),
    },
  };
  const columns: TableColumnProps<DocumentRow>[] = [
    { title: t('model:document.number'), dataIndex: 'number' },
    { title: t('model:document.name'), dataIndex: 'name' },
    { title: t('model:document.typeId'), dataIndex: 'typeName' },
    {
      title: t('model:document.version'),
      dataIndex: 'version',
      width: 110,
      render: (v: string, r) => (
        <>
          {v}{' '}
          {r.releaseStatus !== 'released' && (
            <Tag size="small" color={r.releaseStatus === 'pending' ? 'orange' : 'red'}>
              {t(`document.release.${r.releaseStatus}`)}
            </Tag>
          )}
        </>
      ),
    },
    { title: t('model:document.file'), dataIndex: 'fileName', ellipsis: true },
    { title: t('model:document.size'), dataIndex: 'size', width: 100, render: (v: number) => formatSize(v) },
    {
      title: t('model:document.encrypted'),
      dataIndex: 'encrypted',
      width: 80,
      render: (v: boolean) => (v ? <Tag color="arcoblue">{t('common:yes')}</Tag> : t('common:no')),
    },
    {
      title: `${t('model:document.validFrom')} – ${t('model:document.validTo')}`,
      render: (_: unknown, r) => (r.validFrom || r.validTo ? `${r.validFrom ?? ''} – ${r.validTo ?? ''}` : ''),
    },
    {
      title: t('common:actions'),
      width: 290,
      render: (_: unknown, r: DocumentRow) => (
        <Space size="mini" data-testid={`document-actions-${r.number}`}>
          {can(P.preview) && (
            <Button type="text" size="mini" data-testid="document-preview-btn" onClick={() => setPreview({ doc: r })}>
              {t('document.preview')}
            </Button>
          )}
          <Button
            type="text"
            size="mini"
            data-testid="document-versions-btn"
            onClick={() =>
              void api
                .call(contract.documents.get, { params: { id: r.id } })
                .then(setVersions)
                .catch(() => undefined)
            }
          >
            {t('document.versions')}
          </Button>
          {can(P.add) && (
            <Button type="text" size="mini" onClick={() => setUploading({ version: r })}>
              {t('document.newVersion')}
            </Button>
          )}
          <HistoryButton
            target={{ entity: 'document', recordId: r.id, title: `${r.number} ${r.name}` }}
            labels={{ fields: documentFields, values: { ...releaseValues, typeId: { [r.typeId]: r.typeName } } }}
          />
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="page-document">
      <SearchForm
        filters={[{ key: 'keyword', kind: 'text', label: t('document.keyword'), testId: 'document-keyword' }]}
        onSearch={list.search}
      />
      <div className="page-toolbar">
        {can(P.add) && (
          <Button type="primary" data-testid="document-upload" onClick={() => setUploading({ version: null })}>
            {t('document.upload')}
          </Button>
        )}
        {can(P.delete) && (
          <Button status="danger" onClick={() => void remove()}>
            {t('common:deleteSelected')}
          </Button>
        )}
      </div>
      <PagedTable<DocumentRow>
        list={list}
        sizeCanChange
        columns={columns}
        data-testid="document-table"
        rowSelection={
          can(P.delete)
            ? { type: 'checkbox', selectedRowKeys: selected, onChange: (k) => setSelected(k as string[]) }
            : undefined
        }
      />
      <UploadDialog
        visible={uploading !== null}
        version={uploading?.version ?? null}
        onClose={(changed) => {
          setUploading(null);
          if (changed) list.reload();
        }}
      />
      <PreviewDrawer
        doc={preview?.doc ?? null}
        versionId={preview?.versionId}
        fileName={preview?.fileName}
        onClose={() => setPreview(null)}
      />
      <Drawer
        width={640}
        visible={versions !== null}
        title={versions ? `${versions.number} · ${versions.name}` : ''}
        footer={null}
        onCancel={() => setVersions(null)}
      >
        {versions && (
          <Table<DocumentVersionRow>
            rowKey="id"
            size="small"
            pagination={false}
            data={versions.versions}
            data-testid="document-versions"
            columns={[
              { title: t('model:document.version'), dataIndex: 'version' },
              {
                title: t('document.releaseTitle'),
                dataIndex: 'releaseStatus',
                render: (s: DocumentVersionRow['releaseStatus']) => (
                  <Tag
                    size="small"
                    color={s === 'released' ? 'green' : s === 'pending' ? 'orange' : 'red'}
                    data-testid={`release-${s}`}
                  >
                    {t(`document.release.${s}`)}
                  </Tag>
                ),
              },
              { title: t('model:document.file'), dataIndex: 'fileName' },
              { title: t('model:document.size'), dataIndex: 'size', render: (v: number) => formatSize(v) },
              {
                title: t('document.uploadedAt'),
                dataIndex: 'uploadedAt',
                render: (v: string) => new Date(v).toLocaleString(),
              },
              {
                title: '',
                render: (_: unknown, v: DocumentVersionRow) => (
                  <Space size="mini">
                    {can(P.preview) && (
                      <Button
                        size="mini"
                        type="text"
                        onClick={() => setPreview({ doc: versions, versionId: v.id, fileName: v.fileName })}
                      >
                        {t('document.preview')}
                      </Button>
                    )}
                    <HistoryButton
                      target={{ entity: 'document-version', recordId: v.id, title: `${versions.number} ${v.version}` }}
                      labels={{ fields: documentFields, values: releaseValues }}
                    />
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Drawer>
    </div>
  );
}
