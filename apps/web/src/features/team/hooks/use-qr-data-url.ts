import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code of `text` as a PNG data URL (null while it is drawn, or when there is no text). */
export function useQrDataUrl(text: string | null | undefined, size = 480): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (!text) {
      setUrl(null);
      return;
    }
    QRCode.toDataURL(text, { width: size, margin: 1, errorCorrectionLevel: 'M' })
      .then((u) => live && setUrl(u))
      .catch(() => live && setUrl(null));
    return () => {
      live = false;
    };
  }, [text, size]);
  return url;
}
