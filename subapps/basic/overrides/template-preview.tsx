import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Modal, Select, Space } from '@arco-design/web-react';
import { useBridge, usePermission } from '../../../bridge/react';
import type { ServicePrinter } from '../../../model/print/service';
import { PREVIEW_PERMISSION, parseDefaultContent, templateOf } from '../../../model/print/template';
import { contract } from '../../../model/contract';
import type { ResourceRow } from '../../../model/engine';
import { useApi } from '../../kit/api';
import { PrintServiceError, listPrinters, printPdf } from './print-client';

/**
 * A template rendered in the browser with its default content (the same renderer as the server's),
 * shown in the browser's PDF viewer; printed through the browser's print dialog or, with the local
 * print service running, to a chosen printer. A saved template can also be fetched as the server renders it.
 */
export function PdfPreview({ values, rowId }: { values: Record<string, unknown>; rowId?: string }) {
  const { t } = useTranslation('basic');
  const bridge = useBridge();
  const api = useApi();
  const frame = useRef<HTMLIFrameElement>(null);
  const [pdf, setPdf] = useState<{ url: string; bytes: Uint8Array } | null>(null);
  const [printers, setPrinters] = useState<ServicePrinter[] | null>(null);
  const [printer, setPrinter] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(
    () => () => {
      if (pdf) URL.revokeObjectURL(pdf.url);
    },
    [pdf],
  );

  const fail = (e: unknown) => {
    const key = e instanceof PrintServiceError ? e.key : 'print.failed';
    void bridge.notify({ type: key === 'print.selectPrinter' ? 'warning' : 'error', message: t(key) });
  };

  async function render() {
    setBusy(true);
    try {
      const data = parseDefaultContent(values.defaultContent as string | undefined) ?? {};
      // pdf-lib and the barcode encoder load with the first preview, not with the sub-app.
      const { renderTemplate } = await import('../../../model/print/render');
      const bytes = await renderTemplate(templateOf(values), [data], { copies: 1, title: String(values.name ?? '') });
      const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
      setPdf({ url, bytes });
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  }

  function browserPrint() {
    try {
      frame.current?.contentWindow?.focus();
      frame.current?.contentWindow?.print();
    } catch (e) {
      fail(e);
    }
  }

  async function loadPrinters() {
    try {
      const list = await listPrinters();
      setPrinters(list);
      setPrinter((p) => p ?? list.find((x) => x.isDefault)?.id);
    } catch (e) {
      fail(e);
    }
  }

  async function sendToPrinter() {
    if (!pdf) return;
    setBusy(true);
    try {
      const copies = Number(values.defaultQuantity) || 1;
      const title = String(values.name ?? '');
      if (values.fileType === 'zpl' && printer?.startsWith('raw:')) {
        // A label printer's own language, copies inside the label (^PQ).
        const { templateToZpl } = await import('../../../model/print/zpl');
        const data = parseDefaultContent(values.defaultContent as string | undefined) ?? {};
        const zpl = new TextEncoder().encode(templateToZpl(templateOf(values), [data], copies));
        await printPdf(printer, zpl, { format: 'raw', title });
      } else {
        await printPdf(printer, pdf.bytes, { copies, title });
      }
      void bridge.notify({ type: 'success', message: t('print.sent') });
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  }

  const serverPdf = () =>
    rowId &&
    bridge
      .download({
        ...api.prepare(contract.rules.render, { params: { id: rowId }, body: {} }),
        filename: `${String(values.code ?? 'label')}.pdf`,
      })
      .catch(() => undefined);

  return (
    <div className="template-preview" data-testid="template-preview">
      <Space wrap>
        <Button type="primary" loading={busy} onClick={() => void render()} data-testid="btn-render-preview">
          {t('print.preview')}
        </Button>
        <Button disabled={!pdf} onClick={browserPrint} data-testid="btn-browser-print">
          {t('print.browserPrint')}
        </Button>
        <Button onClick={() => void loadPrinters()} data-testid="btn-load-printers">
          {t('print.findPrinters')}
        </Button>
        {printers && (
          <Select
            style={{ width: 220 }}
            placeholder={t('print.selectPrinter')}
            value={printer}
            onChange={setPrinter}
            data-testid="printer-select"
          >
            {printers.map((p) => (
              <Select.Option key={p.id} value={p.id}>
                {p.name}
              </Select.Option>
            ))}
          </Select>
        )}
        <Button disabled={!pdf} loading={busy} onClick={() => void sendToPrinter()} data-testid="btn-service-print">
          {t('print.toPrinter')}
        </Button>
        {rowId && (
          <Button onClick={() => void serverPdf()} data-testid="btn-server-pdf">
            {t('print.serverPdf')}
          </Button>
        )}
      </Space>
      {pdf && (
        <iframe
          ref={frame}
          title={t('print.preview')}
          src={pdf.url}
          data-testid="template-preview-frame"
          data-bytes={pdf.bytes.length}
          style={{ width: '100%', height: 420, border: '1px solid var(--color-border-2)', marginTop: 8 }}
        />
      )}
    </div>
  );
}

/** The form's preview: the template as the form stands, unsaved. */
export function PreviewSection({ row }: { row: ResourceRow | null }) {
  const { t } = useTranslation('basic');
  const allowed = usePermission(PREVIEW_PERMISSION);
  if (!allowed) return null;
  return (
    <>
      <h4 className="page-panel-title">{t('print.preview')}</h4>
      <Form.Item shouldUpdate noStyle>
        {(values: Record<string, unknown>) => <PdfPreview values={values} rowId={row ? String(row.id) : undefined} />}
      </Form.Item>
    </>
  );
}

/** A saved template's preview from the table. */
export function PreviewDialog({ row, onClose }: { row: ResourceRow | null; onClose: () => void }) {
  const { t } = useTranslation('basic');
  return (
    <Modal
      title={t('print.previewOf', { name: String(row?.name ?? '') })}
      visible={Boolean(row)}
      onCancel={onClose}
      footer={null}
      style={{ width: 950, maxWidth: 'calc(100vw - 32px)' }}
      unmountOnExit
    >
      {row && <PdfPreview values={row} rowId={String(row.id)} />}
    </Modal>
  );
}
