import { MERCHANT_FILE_MAX_BYTES, type MerchantFileKind } from '@pos/core';
import { ImageUploader, Toast, type ImageUploadItem } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useMerchantImage } from '../api/get-merchant-image';
import { uploadMerchantFile } from '../api/upload-merchant-file';

const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * One image of a merchant (licence, ID card side): picked, checked for type and size before
 * sending, uploaded at once; the stored file's id is the field's value.
 */
export function ImageUploadField({
  merchantId,
  kind,
  value,
  onChange,
  testId,
}: {
  merchantId: number;
  kind: MerchantFileKind;
  value?: number | null;
  onChange?: (fileId: number | null) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const existing = useMerchantImage(value ?? null);
  const [items, setItems] = useState<ImageUploadItem[]>([]);
  useEffect(() => {
    if (existing.data && items.length === 0 && value)
      setItems([{ key: value, url: existing.data }]);
  }, [existing.data, items.length, value]);

  return (
    <div data-testid={testId}>
      <ImageUploader
        value={items}
        onChange={(next) => {
          setItems(next);
          if (next.length === 0) onChange?.(null);
        }}
        maxCount={1}
        accept={TYPES.join(',')}
        beforeUpload={(file) => {
          if (!TYPES.includes(file.type)) {
            Toast.show({ content: t('merchants.badType') });
            return null;
          }
          if (file.size > MERCHANT_FILE_MAX_BYTES) {
            Toast.show({ content: t('merchants.tooLarge') });
            return null;
          }
          return file;
        }}
        upload={async (file) => {
          const res = await uploadMerchantFile(merchantId, kind, file);
          onChange?.(res.fileId);
          return { key: res.fileId, url: URL.createObjectURL(file) };
        }}
      />
      <div className="merch-muted">{t('merchants.imageLimit')}</div>
    </div>
  );
}
