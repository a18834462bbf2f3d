import { formatDate, schoolKindLabel } from '@pos/core';
import { Button, ErrorBlock, Image, ImageViewer, Skeleton, Tag } from 'antd-mobile';
import { StarFill, StarOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { absoluteUrl } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { useSearchParams } from '@/lib/router';
import { useLang } from '@/lib/use-lang';
import { useSchoolItem, useToggleFavourite } from '../api/school';
import { MaterialActions } from '../components/material-actions';
import '../i18n';
import '../school.css';

/** One item (/pages/school/detail?id=): its text, images or video, and the favourite button. */
export default function SchoolDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params] = useSearchParams();
  const raw = Number(params.get('id') ?? 0);
  const id = Number.isInteger(raw) && raw > 0 ? raw : 0;
  const q = useSchoolItem(id);
  const toggle = useToggleFavourite();
  const [busy, setBusy] = useState(false);
  const item = q.data;

  const flip = async () => {
    if (!item) return;
    setBusy(true);
    try {
      await toggle(item.id, !item.favourite);
      await q.refetch();
    } catch {
      // The server's message was shown.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page
      title={t('school.detail')}
      backTo={item?.section === 'material' ? '/pages/school/materials' : '/pages/school/index'}
      right={
        item && (
          <Button
            size="mini"
            fill="none"
            color={item.favourite ? 'warning' : 'primary'}
            loading={busy}
            onClick={() => void flip()}
            data-testid="school-favourite"
            aria-pressed={item.favourite}
          >
            {item.favourite ? <StarFill /> : <StarOutline />}{' '}
            {item.favourite ? t('school.favourited') : t('school.favourite')}
          </Button>
        )
      }
    >
      {q.isLoading ? (
        <div className="school-detail">
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      ) : !item ? (
        q.isError && !String(q.error).includes('404') ? (
          <LoadError error={q.error} onRetry={() => void q.refetch()} />
        ) : (
          <ErrorBlock status="empty" title={t('school.missing')} description="" />
        )
      ) : (
        <article className="school-detail" data-testid="school-detail">
          <h2>{item.title}</h2>
          <div className="school-detail-meta">
            <Tag color="primary" fill="outline">
              {schoolKindLabel(item.kind, lang)}
            </Tag>
            <span>{formatDate(item.publishedAt, 'yyyy-mm-dd hh:MM')}</span>
          </div>
          {item.kind === 'video' && item.videoUrl && (
            <video
              className="school-video"
              src={item.videoUrl}
              poster={item.coverUrl ? absoluteUrl(item.coverUrl) : undefined}
              controls
              playsInline
              preload="metadata"
              data-testid="school-video"
            >
              {t('school.videoUnsupported')}
            </video>
          )}
          {item.kind !== 'video' && item.coverUrl && item.images.length === 0 && (
            <Image className="school-detail-cover" src={absoluteUrl(item.coverUrl)} fit="cover" />
          )}
          {item.images.length > 0 && (
            <div className="school-images">
              {item.images.map((url, i) => (
                <Image
                  key={url + i}
                  src={absoluteUrl(url)}
                  fit="contain"
                  onClick={() =>
                    ImageViewer.Multi.show({
                      images: item.images.map(absoluteUrl),
                      defaultIndex: i,
                    })
                  }
                />
              ))}
            </div>
          )}
          {item.body && <div className="school-detail-body">{item.body}</div>}
          {item.section === 'material' && (
            <div className="school-detail-actions">
              <MaterialActions item={item} body={item.body} />
            </div>
          )}
        </article>
      )}
    </Page>
  );
}
