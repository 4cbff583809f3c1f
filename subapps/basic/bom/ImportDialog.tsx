import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, Space, Table, Typography } from '@arco-design/web-react';
import { useBridge } from '../../../bridge/react';
import { ApiError } from '../../../bridge/child';
import type { BomImportResult } from '../../../model/bom';
import { contract } from '../../../model/contract';
import { useApi } from '../../kit/api';

const isResult = (d: unknown): d is BomImportResult =>
  typeof d === 'object' && d !== null && Array.isArray((d as BomImportResult).errors);

/** Upload a BOM sheet; all or nothing; the problems per row and field, and the annotated sheet. */
export function ImportDialog({ visible, onClose }: { visible: boolean; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation(['basic', 'common']);
  const bridge = useBridge();
  const api = useApi();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BomImportResult | null>(null);
  const [changed, setChanged] = useState(false);

  const upload = async () => {
    if (!file) return void bridge.notify({ type: 'warning', message: t('common:resource.import.noFile') });
    setBusy(true);
    try {
      const r = await api.call(contract.bom.import, { files: { file }, timeout: 300_000, showError: false });
      setResult(r);
      setChanged(true);
    } catch (e) {
      if (e instanceof ApiError && isResult(e.data)) setResult(e.data);
      else void bridge.notify({ type: 'error', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setFile(null);
    setResult(null);
    setChanged(false);
    onClose(changed);
  };

  const reportId = result?.reportId ?? null;
  return (
    <Modal
      title={t('bom.importTitle')}
      visible={visible}
      onCancel={close}
      onOk={() => void upload()}
      confirmLoading={busy}
      style={{ width: 700 }}
      okText={t('common:resource.import.start')}
      unmountOnExit
      maskClosable={false}
    >
      <Space direction="vertical" style={{ width: '100%' }} data-testid="bom-import">
        <Space>
          <Button onClick={() => input.current?.click()}>{t('common:resource.import.choose')}</Button>
          <span>{file?.name ?? ''}</span>
          <Button
            type="text"
            onClick={() =>
              void bridge
                .download({ ...api.prepare(contract.bom.template), filename: `${t('bom.templateFile')}.xlsx` })
                .catch(() => undefined)
            }
          >
            {t('common:template')}
          </Button>
          <input
            ref={input}
            type="file"
            accept=".xlsx,.csv"
            hidden
            data-testid="bom-import-file"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setResult(null);
              e.target.value = '';
            }}
          />
        </Space>
        {result && result.errors.length === 0 && (
          <Typography.Text type="success">
            {t('common:resource.import.done', {
              total: result.total,
              inserted: result.inserted,
              updated: result.updated,
            })}
          </Typography.Text>
        )}
        {result && result.errors.length > 0 && (
          <>
            <Space>
              <Typography.Text type="error">
                {t('common:resource.import.failed', { count: new Set(result.errors.map((e) => e.row)).size })}
              </Typography.Text>
              {reportId && (
                <Button
                  size="mini"
                  onClick={() =>
                    void bridge
                      .download({
                        ...api.prepare(contract.bom.importReport, { params: { id: reportId } }),
                        filename: `${t('bom.reportFile')}.xlsx`,
                      })
                      .catch(() => undefined)
                  }
                >
                  {t('common:resource.import.report')}
                </Button>
              )}
            </Space>
            <Table
              rowKey={(r) => `${r.row}-${r.field}`}
              size="small"
              pagination={false}
              data={result.errors}
              data-testid="bom-import-errors"
              columns={[
                { title: t('common:resource.import.row'), dataIndex: 'row', width: 70 },
                { title: t('common:resource.import.message'), dataIndex: 'message' },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
