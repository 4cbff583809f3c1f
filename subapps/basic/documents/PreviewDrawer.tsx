import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Drawer, Result, Spin } from '@arco-design/web-react';
import { contract } from '../../../model/contract';
import type { DocumentRow } from '../../../model/document';
import { useApi } from '../../kit/api';
import { shellOriginFromDocument } from '../../../bridge/child';

const PdfPreview = lazy(() => import('./PdfPreview'));
const VideoPreview = lazy(() => import('./VideoPreview'));

const MIME: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
};
const suffix = (name: string) => /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/**
 * The ticket's address as the viewer fetches it: the server answers it absolute on its public origin,
 * or as a path when it has none configured, which lives on the shell's origin (the one this page trusts).
 */
function ticketUrl(url: string): string {
  const shell = shellOriginFromDocument()?.split(/[\s,]+/)[0];
  return shell && url.startsWith('/') ? new URL(url, shell).toString() : url;
}

/** Preview of a document version: PDF, video or image; anything else says only those are supported (SPEC §5). */
export function PreviewDrawer({
  doc,
  versionId,
  fileName,
  onClose,
}: {
  doc: DocumentRow | null;
  versionId?: string;
  fileName?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('basic');
  const api = useApi();
  const [url, setUrl] = useState<string | null>(null);
  const name = fileName ?? doc?.fileName ?? '';
  const ext = suffix(name);
  const kind =
    ext === 'pdf'
      ? 'pdf'
      : MIME[ext]
        ? 'video'
        : ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp'].includes(ext)
          ? 'image'
          : null;

  useEffect(() => {
    setUrl(null);
    if (!doc || !kind) return;
    let live = true;
    void api
      .call(contract.documents.ticket, { params: { id: doc.id }, body: versionId ? { versionId } : {} })
      .then((r) => {
        if (live) setUrl(ticketUrl(r.url));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, doc, versionId, kind]);

  return (
    <Drawer
      width="80%"
      visible={doc !== null}
      title={doc ? `${doc.number} · ${doc.name} · ${name}` : ''}
      footer={null}
      onCancel={onClose}
      unmountOnExit
    >
      <div data-testid="document-preview" data-kind={kind ?? 'none'}>
        {!kind && <Result status="warning" title={t('document.previewUnsupported')} />}
        {kind && !url && <Spin />}
        {kind && url && (
          <Suspense fallback={<Spin />}>
            {kind === 'pdf' && <PdfPreview url={url} />}
            {kind === 'video' && <VideoPreview url={url} mime={MIME[ext]!} />}
            {kind === 'image' && <img src={url} alt={name} style={{ maxWidth: '100%' }} data-testid="image-preview" />}
          </Suspense>
        )}
      </div>
    </Drawer>
  );
}
