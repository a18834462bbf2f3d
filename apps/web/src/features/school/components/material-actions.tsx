import type { SchoolItem } from '@pos/core';
import { Button, Space, Toast } from 'antd-mobile';
import { useState } from 'react';
import { copyText } from '@/components/ui/copy-text';
import { absoluteUrl } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { downloadMaterial } from '../api/school';

/** Saves each image through a download link (the browser's or the web view's own save). */
function saveImages(urls: string[], title: string) {
  urls.forEach((url, i) => {
    const a = document.createElement('a');
    a.href = absoluteUrl(url);
    a.download = urls.length > 1 ? `${title}-${i + 1}` : title;
    a.rel = 'noopener';
    document.body.appendChild(a);
    a.click();
    a.remove();
  });
}

/** Download a material (recorded on the server, then saved) and copy its text to share. */
export function MaterialActions({ item, body }: { item: SchoolItem; body?: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const got = await downloadMaterial(item.id);
      saveImages(got.images, got.title);
      if (got.images.length === 0 && got.body) await copyText(got.body);
      else Toast.show({ icon: 'success', content: t('school.downloaded') });
    } catch {
      // The server's message was shown.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space>
      <Button
        size="small"
        color="primary"
        loading={busy}
        onClick={() => void download()}
        data-testid="material-download"
      >
        {t('school.download')}
      </Button>
      {body && (
        <Button size="small" onClick={() => void copyText(body)} data-testid="material-copy">
          {t('school.copyText')}
        </Button>
      )}
    </Space>
  );
}
