import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Message, Result, Spin } from '@arco-design/web-react';
import QRCode from 'qrcode';
import type { AppDownloadInfo } from '../../model/app';
import { contract } from '../api/contract';
import { callApi } from '../api/client';
import { LanguageSwitch } from '../layout/LanguageSwitch';

/** SPEC §2: the public app download page, with a QR code to open it on a phone. */
export function AppDownloadPage() {
  const { t } = useTranslation('shell');
  const [info, setInfo] = useState<AppDownloadInfo | null>(null);
  const [qr, setQr] = useState<string | null>(null);

  useEffect(() => {
    void callApi(contract.system.appDownload, { showError: false }).then((r) =>
      setInfo(r.code === 200 ? r.data : { url: null, version: null }),
    );
    void QRCode.toDataURL(window.location.href, { margin: 1, width: 220 }).then(setQr);
  }, []);

  async function download() {
    if (!info?.url) return void Message.error(t('download.failed'));
    try {
      // Opaque answers are enough: the question is only whether the file's server answers.
      await fetch(info.url, { method: 'HEAD', mode: 'no-cors', signal: AbortSignal.timeout(10_000) });
      window.location.assign(info.url);
    } catch {
      Message.error(t('download.failed'));
    }
  }

  return (
    <div className="login-page">
      <div className="login-top">
        <LanguageSwitch />
      </div>
      <div className="login-card download-card" data-testid="app-download">
        <h1 className="login-title">{t('download.title')}</h1>
        {!info ? (
          <Spin />
        ) : (
          <>
            {qr && <img className="download-qr" src={qr} alt={t('download.qrAlt')} data-testid="download-qr" />}
            <p className="login-subtitle">{t('download.scan')}</p>
            {info.url ? (
              <Button type="primary" long onClick={() => void download()} data-testid="download-button">
                {info.version ? t('download.buttonVersion', { version: info.version }) : t('download.button')}
              </Button>
            ) : (
              <Result status="info" title={t('download.notOffered')} />
            )}
          </>
        )}
      </div>
    </div>
  );
}
