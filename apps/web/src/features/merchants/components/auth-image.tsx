import { Image, ImageViewer } from 'antd-mobile';
import { useMerchantImage } from '../api/get-merchant-image';

/** A stored merchant image (fetched with the bearer token); tap to view it large. */
export function AuthImage({ fileId, alt }: { fileId: number | null; alt: string }) {
  const q = useMerchantImage(fileId);
  if (fileId === null) return null;
  return (
    <Image
      src={q.data ?? ''}
      alt={alt}
      width={96}
      height={64}
      fit="cover"
      style={{ borderRadius: 6 }}
      onClick={() => q.data && ImageViewer.show({ image: q.data })}
    />
  );
}
