import { formatDate, relativeTime, type Notice } from '@pos/core';
import { ErrorBlock, List, Skeleton } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { InfiniteList, ListSkeleton } from '@/components/ui/infinite-list';
import { recordGate } from '@/components/ui/record-state';
import { Page } from '@/components/ui/page';
import { currentLang } from '@/lib/i18n';
import { useNoticeDetail } from '../api/get-notice-detail';
import { useNotices } from '../api/get-notices';
import '../home.css';
import '../i18n';

const when = (n: Notice) => relativeTime(n.publishedAt, Date.now(), currentLang());

function NoticeList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useNotices();

  return (
    <InfiniteList
      query={q}
      onRefresh={() => q.refetch()}
      empty={<ErrorBlock status="empty" title={t('home.noticeEmpty')} description="" />}
      skeleton={<ListSkeleton className="detail-card" lines={8} />}
    >
      {(rows) => (
        <List className="notice-list" data-testid="notice-list">
          {rows.map((n) => (
            <List.Item
              key={n.id}
              onClick={() => navigate(`/pages/home/notice/notice?id=${n.id}`)}
              description={<span className="notice-snippet">{n.content}</span>}
              extra={<span className="notice-time">{when(n)}</span>}
              data-testid={`notice-${n.id}`}
            >
              <span className="notice-title">{n.title}</span>
            </List.Item>
          ))}
        </List>
      )}
    </InfiniteList>
  );
}

function NoticeDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const q = useNoticeDetail(id);
  const gate = recordGate(
    true,
    q,
    '/pages/home/notice/notice',
    <div className="detail-card">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={6} animated />
    </div>,
  );
  const n = q.data;
  if (gate || !n) return gate;
  return (
    <article className="detail-card" data-testid="notice-detail">
      <h1 className="detail-title">{n.title}</h1>
      <div className="detail-meta">
        {t('home.publishedAt')} {formatDate(n.publishedAt, 'yyyy-mm-dd hh:MM')} · {when(n)}
      </div>
      <div className="detail-content">
        {n.content.split(/\r?\n/).map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
    </article>
  );
}

/** The notices: newest first with pull-to-refresh and endless scrolling; ?id= shows one. */
export default function NoticePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const one = Number.isInteger(id) && id > 0;
  return (
    <Page title={one ? t('home.noticeDetail') : t('home.noticeTitle')} className="notice-page">
      {one ? <NoticeDetail id={id} /> : <NoticeList />}
    </Page>
  );
}
