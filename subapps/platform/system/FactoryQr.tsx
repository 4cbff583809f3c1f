import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';

/** The factory's QR code (SPEC §3), drawn from its code in the browser. */
export function FactoryQr({ code }: { code: string }) {
  const { t } = useTranslation('platform');
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(code, { margin: 1, width: 96 }).then((url) => {
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [code]);
  if (!src) return null;
  return (
    <img src={src} width={48} height={48} alt={`${t('system.qrCode')} ${code}`} data-testid={`factory-qr-${code}`} />
  );
}
