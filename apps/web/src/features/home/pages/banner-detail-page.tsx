import { TAB_PATHS } from '@pos/core';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useSearchParams } from '@/lib/router';
import { recordGate } from '@/components/ui/record-state';
import { Page } from '@/components/ui/page';
import { useBannerDetail } from '../api/get-banner-detail';
import '../home.css';
import '../i18n';
import { safeUrl } from '@/lib/safe-url';

/** A banner's campaign: its picture and text (?id=). Both banner-detail paths show this page. */
export default function BannerDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const q = useBannerDetail(id);
  const banner = q.data;

  let body = recordGate(
    Number.isInteger(id) && id > 0,
    q,
    TAB_PATHS.home,
    <div className="detail-card">
      <Skeleton animated className="banner-skeleton" />
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={5} animated />
    </div>,
  );
  if (!body && banner) {
    body = (
      <article className="detail-card" data-testid="banner-detail">
        <img
          className="banner-detail-image"
          src={safeUrl(banner.imageUrl) ?? undefined}
          alt={banner.title}
        />
        <h1 className="detail-title">{banner.title}</h1>
        <div className="detail-content">
          {banner.content.split(/\r?\n/).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
      </article>
    );
  }
  return <Page title={t('home.bannerDetail')}>{body}</Page>;
}
