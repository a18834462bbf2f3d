import { ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { useBannerDetail } from '../api/get-banner-detail';
import '../home.css';
import '../i18n';

/** A banner's campaign: its picture and text (?id=). Both banner-detail paths show this page. */
export default function BannerDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const { data: banner, isLoading, isError, error, refetch } = useBannerDetail(id);

  let body;
  if (!Number.isInteger(id) || id <= 0 || (!isLoading && !isError && !banner)) {
    body = <ErrorBlock status="empty" title={t('home.bannerEmpty')} description="" />;
  } else if (isLoading) {
    body = (
      <div className="detail-card">
        <Skeleton animated className="banner-skeleton" />
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  } else if (isError || !banner) {
    body = <LoadError error={error} onRetry={() => void refetch()} />;
  } else {
    body = (
      <article className="detail-card" data-testid="banner-detail">
        <img className="banner-detail-image" src={banner.imageUrl} alt={banner.title} />
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
