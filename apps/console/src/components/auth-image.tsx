import { Image } from 'antd';
import { useEffect, useState } from 'react';
import { API, getToken } from '@/lib/api';

/**
 * An image the admin API serves behind the operator's token: fetched with the bearer header
 * (an <img> cannot send one) and shown from a blob URL, released when the row goes away.
 */
export function AuthImage({
  path,
  alt,
  height = 48,
}: {
  path: string;
  alt: string;
  height?: number;
}) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    void fetch(`${API}${path}`, { headers: { authorization: `Bearer ${getToken() ?? ''}` } })
      .then((r) => (r.ok ? r.blob() : null))
      .then((b) => {
        if (!b || !live) return;
        url = URL.createObjectURL(b);
        setSrc(url);
      });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  return src ? <Image src={src} alt={alt} height={height} /> : <span>…</span>;
}
