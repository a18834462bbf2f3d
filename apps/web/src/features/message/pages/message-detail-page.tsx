import { formatDate } from '@pos/core';
import { Button, ErrorBlock, Skeleton, Tag } from 'antd-mobile';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { useMessage } from '../api/messages';
import { MessageTag } from '../components/message-tag';
import '../i18n';
import '../message.css';

/**
 * One message (/pages/message/detail?id=); opening it marks it read. A product event's message
 * (a withdrawal, an order, terminals...) leads on to the page it is about.
 */
export default function MessageDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const q = useMessage(Number.isInteger(id) ? id : 0);
  const m = q.data;

  return (
    <Page title={t('message.detail')} backTo="/pages/message/index">
      {q.isLoading ? (
        <div className="message-detail">
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : !m ? (
        q.isError && !String(q.error).includes('404') ? (
          <LoadError error={q.error} onRetry={() => void q.refetch()} />
        ) : (
          <ErrorBlock status="empty" title={t('message.missing')} description="" />
        )
      ) : (
        <article className="message-detail" data-testid="message-detail">
          <div className="message-card-head">
            <MessageTag type={m.type} />
            {m.important && (
              <Tag color="danger" fill="solid">
                {t('message.important')}
              </Tag>
            )}
          </div>
          <h2>{m.title}</h2>
          <div className="message-detail-meta">
            <span>{formatDate(m.publishedAt, 'yyyy-mm-dd hh:MM')}</span>
            <span>{t('message.expires', { at: formatDate(m.expiresAt, 'yyyy-mm-dd hh:MM') })}</span>
          </div>
          <div className="message-detail-body">{m.body}</div>
          {m.link?.startsWith('/pages/') && (
            <Button
              className="message-detail-link"
              block
              color="primary"
              fill="outline"
              data-testid="message-link"
              onClick={() => navigate(m.link!)}
            >
              {t('message.open')}
            </Button>
          )}
        </article>
      )}
    </Page>
  );
}
