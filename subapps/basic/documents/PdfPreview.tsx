import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, InputNumber, Space } from '@arco-design/web-react';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import 'react-pdf/dist/Page/TextLayer.css';

pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

/** A PDF page by page, with zoom (react-pdf; the file comes from a preview ticket's address). */
export default function PdfPreview({ url }: { url: string }) {
  const { t } = useTranslation('basic');
  const [pages, setPages] = useState(0);
  const [page, setPage] = useState(1);
  const [scale, setScale] = useState(1);
  return (
    <div data-testid="pdf-preview">
      <Space style={{ marginBottom: 8 }}>
        <Button size="small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)} data-testid="pdf-prev">
          {t('document.prevPage')}
        </Button>
        <InputNumber
          size="small"
          min={1}
          max={Math.max(1, pages)}
          value={page}
          onChange={(v) => setPage(Math.min(Math.max(1, Number(v) || 1), Math.max(1, pages)))}
          style={{ width: 80 }}
        />
        <span data-testid="pdf-pages">/ {pages}</span>
        <Button size="small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)} data-testid="pdf-next">
          {t('document.nextPage')}
        </Button>
        <Button size="small" onClick={() => setScale((s) => Math.max(0.25, s - 0.25))} data-testid="pdf-zoom-out">
          −
        </Button>
        <span data-testid="pdf-zoom">{Math.round(scale * 100)}%</span>
        <Button size="small" onClick={() => setScale((s) => Math.min(4, s + 0.25))} data-testid="pdf-zoom-in">
          +
        </Button>
      </Space>
      <div style={{ overflow: 'auto', maxHeight: 'calc(100vh - 200px)' }}>
        <Document
          file={url}
          onLoadSuccess={({ numPages }) => {
            setPages(numPages);
            setPage(1);
          }}
          loading={t('document.loading')}
          error={t('document.previewFailed')}
        >
          <Page
            pageNumber={page}
            scale={scale}
            renderTextLayer
            renderAnnotationLayer
            onRenderSuccess={() => document.body.setAttribute('data-pdf-painted', String(page))}
          />
        </Document>
      </div>
    </div>
  );
}
