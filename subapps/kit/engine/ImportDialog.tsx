import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Checkbox, Modal, Progress, Space, Table, type ButtonProps } from '@arco-design/web-react';
import { ApiError } from '../../../bridge/child';
import { useBridge } from '../../../bridge/react';
import { endpointsOf } from '../../../model/contract';
import type { ImportJob, ImportResult, ImportRowError, ResourceDef } from '../../../model/engine';
import { useApi } from '../api';
import { describeError } from './errors';
import { labelOfPath, titleOf } from './labels';

interface Props {
  def: ResourceDef;
  visible: boolean;
  onClose: () => void;
  /** Rows were written: the list reloads. */
  onImported: () => void;
}

/** Uploads may take long; the shell allows at most ten minutes. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;
const POLL_MS = 1000;

type State =
  | { step: 'idle' }
  | { step: 'uploading' }
  | { step: 'job'; job: ImportJob }
  | { step: 'done'; result: ImportResult }
  | { step: 'failed'; result: ImportResult | null; message: string };

const isResult = (d: unknown): d is ImportResult =>
  typeof d === 'object' && d !== null && Array.isArray((d as ImportResult).errors) && 'total' in d;

/**
 * Import of a sheet (.xlsx/.csv): optionally a check only (dry run); all or nothing; the rows in
 * error in a table and as the uploaded sheet annotated with them; big files as a job with progress.
 */
export function ImportDialog({ def, visible, onClose, onImported }: Props) {
  const { t } = useTranslation(['common', 'model']);
  const bridge = useBridge();
  const api = useApi();
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(false);
  const [state, setState] = useState<State>({ step: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const alive = useRef(true);
  const eps = endpointsOf(def);
  const title = titleOf(t, def);

  useEffect(() => {
    alive.current = visible;
    if (visible) {
      setFile(null);
      setDryRun(false);
      setState({ step: 'idle' });
    }
    return () => {
      alive.current = false;
    };
  }, [visible]);

  function finish(result: ImportResult) {
    if (result.errors.length > 0) {
      setState({
        step: 'failed',
        result,
        message: t('common:resource.import.failed', { count: result.errors.length }),
      });
      return;
    }
    setState({ step: 'done', result });
    if (!result.dryRun) onImported();
  }

  async function poll(jobId: string) {
    while (alive.current) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      if (!alive.current) return;
      let job: ImportJob;
      try {
        job = await api.call(eps.importJob, { params: { id: jobId }, showError: false });
      } catch (e) {
        setState({ step: 'failed', result: null, message: describeError(t, def, e) });
        return;
      }
      if (job.status === 'succeeded' || job.status === 'failed') {
        if (job.result) finish(job.result);
        else setState({ step: 'failed', result: null, message: t('common:resource.import.jobFailed') });
        return;
      }
      setState({ step: 'job', job });
    }
  }

  function queued(result: ImportResult, fileName: string) {
    const jobId = result.jobId!;
    setState({
      step: 'job',
      job: {
        id: jobId,
        resource: def.name,
        fileName,
        status: 'queued',
        total: result.total,
        processed: 0,
        createdAt: '',
        finishedAt: null,
        result: null,
      },
    });
    void poll(jobId);
  }

  async function upload() {
    if (!file) {
      void bridge.notify({ type: 'warning', message: t('common:resource.import.noFile') });
      return;
    }
    setState({ step: 'uploading' });
    try {
      const result = await api.call(eps.import, {
        files: { file },
        query: { dryRun: dryRun ? 1 : 0 },
        timeout: UPLOAD_TIMEOUT_MS,
        showError: false,
      });
      // 202: a large file goes on as a job (hosts that still reject a 202 land in the catch below).
      if (result.jobId && result.errors.length === 0) return queued(result, file.name);
      finish(result);
    } catch (e) {
      if (e instanceof ApiError && isResult(e.data)) {
        if (e.code === 202 && e.data.jobId) return queued(e.data, file.name);
        finish(e.data);
        return;
      }
      setState({ step: 'failed', result: null, message: describeError(t, def, e) });
    }
  }

  function downloadReport(reportId: string) {
    void bridge
      .download({
        ...api.prepare(eps.importReport, { params: { id: reportId } }),
        filename: `${t('common:resource.import.reportFile', { title })}.xlsx`,
      })
      .catch(() => undefined);
  }

  const busy = state.step === 'uploading' || state.step === 'job';
  const errorColumns = [
    { title: t('common:resource.import.row'), dataIndex: 'row', width: 80 },
    {
      title: t('common:resource.import.field'),
      dataIndex: 'field',
      width: 160,
      render: (f: string) => (f ? labelOfPath(t, def, f) : ''),
    },
    { title: t('common:resource.import.message'), dataIndex: 'message' },
  ];

  return (
    <Modal
      title={t('common:resource.import.title', { title })}
      visible={visible}
      onCancel={onClose}
      style={{ width: 700 }}
      unmountOnExit
      maskClosable={false}
      okText={t('common:resource.import.start')}
      cancelText={t('common:cancel')}
      onOk={() => void upload()}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'import-ok', disabled: busy } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'import-close' } as ButtonProps}
    >
      <Space direction="vertical" size="medium" style={{ width: '100%' }} data-testid="import-dialog">
        <Space>
          <Button onClick={() => input.current?.click()} disabled={busy}>
            {t('common:resource.import.choose')}
          </Button>
          <span data-testid="import-file-name">{file?.name ?? ''}</span>
          <input
            ref={input}
            type="file"
            accept=".xlsx,.csv"
            hidden
            data-testid="import-file"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setState({ step: 'idle' });
              e.target.value = '';
            }}
          />
        </Space>
        <Checkbox checked={dryRun} onChange={(v: boolean) => setDryRun(v)} disabled={busy} data-testid="import-dry-run">
          {t('common:resource.import.dryRun')}
        </Checkbox>
        {state.step === 'job' && (
          <div data-testid="import-progress">
            <Progress percent={state.job.total ? Math.floor((state.job.processed / state.job.total) * 100) : 0} />
            <div>
              {t('common:resource.import.progress', { processed: state.job.processed, total: state.job.total })}
            </div>
          </div>
        )}
        {state.step === 'done' && (
          <Alert
            type="success"
            data-testid="import-result"
            content={t(state.result.dryRun ? 'common:resource.import.checked' : 'common:resource.import.done', {
              total: state.result.total,
              inserted: state.result.inserted,
              updated: state.result.updated,
            })}
          />
        )}
        {state.step === 'failed' && (
          <>
            <Alert type="error" data-testid="import-result" content={state.message} />
            {state.result && state.result.errors.length > 0 && (
              <Table<ImportRowError & { $key: number }>
                size="small"
                rowKey="$key"
                data-testid="import-errors"
                columns={errorColumns}
                data={state.result.errors.map((e, i) => ({ ...e, $key: i }))}
                pagination={{ pageSize: 10, size: 'mini' }}
              />
            )}
            {state.result?.reportId && (
              <Button data-testid="import-report" onClick={() => downloadReport(state.result!.reportId!)}>
                {t('common:resource.import.report')}
              </Button>
            )}
          </>
        )}
      </Space>
    </Modal>
  );
}
