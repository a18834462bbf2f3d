import { formatDate, ticketTypeLabel, type TicketDetail } from '@pos/core';
import { Button, ErrorBlock, Rate, Skeleton, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { useTranslation } from '@/lib/i18n';
import { useSearchParams } from '@/lib/router';
import { useLang } from '@/lib/use-lang';
import { useRateTicket, useTicket } from '../api/tickets';
import { TicketImage } from '../components/ticket-image';
import { TicketStatusTag } from '../components/ticket-tags';
import '../i18n';
import '../support.css';

/** The agent rates the answer once a reply came, and sees its rating afterwards. */
function Rating({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation();
  const rate = useRateTicket(ticket.id);
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  if (ticket.rating != null) {
    return (
      <section className="ticket-section" data-testid="ticket-rated">
        <h3>{t('support.rated')}</h3>
        <Rate readOnly value={ticket.rating} />
        {ticket.ratingComment && <div className="ticket-meta">{ticket.ratingComment}</div>}
      </section>
    );
  }
  if (ticket.replies === 0) return null;
  const send = async () => {
    if (stars < 1) {
      Toast.show({ content: t('support.rateNeeded') });
      return;
    }
    setBusy(true);
    try {
      await rate({ rating: stars, comment: comment.trim() || undefined });
      Toast.show({ icon: 'success', content: t('support.thanks') });
    } catch {
      // The server's message was shown.
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="ticket-section" data-testid="ticket-rate">
      <h3>{t('support.rate')}</h3>
      <div className="ticket-stars" role="radiogroup" aria-label={t('support.rate')}>
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={stars === n}
            aria-label={t('support.stars', { n })}
            className={n <= stars ? 'ticket-star ticket-star-on' : 'ticket-star'}
            onClick={() => setStars(n)}
            data-testid={`ticket-star-${n}`}
          >
            ★
          </button>
        ))}
      </div>
      <TextArea
        placeholder={t('support.rateComment')}
        value={comment}
        onChange={setComment}
        maxLength={200}
        rows={2}
        style={{ marginTop: 8 }}
      />
      <Button
        block
        color="primary"
        style={{ marginTop: 10 }}
        loading={busy}
        onClick={() => void send()}
        data-testid="ticket-rate-submit"
      >
        {t('support.rateSubmit')}
      </Button>
    </section>
  );
}

/** One of the agent's tickets (/pages/ticket/detail?id=): its state, images and replies. */
export default function TicketDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params] = useSearchParams();
  const raw = Number(params.get('id') ?? 0);
  const id = Number.isInteger(raw) && raw > 0 ? raw : 0;
  const q = useTicket(id);
  const ticket = q.data;

  return (
    <Page title={t('support.detail')} backTo="/pages/ticket/index">
      <PullRefresh onRefresh={() => q.refetch()}>
        {q.isLoading ? (
          <div className="ticket-section">
            <Skeleton.Paragraph lineCount={6} animated />
          </div>
        ) : !ticket ? (
          q.isError && !String(q.error).includes('404') ? (
            <LoadError error={q.error} onRetry={() => void q.refetch()} />
          ) : (
            <ErrorBlock status="empty" title={t('support.missing')} description="" />
          )
        ) : (
          <div data-testid="ticket-detail">
            <section className="ticket-section">
              <div className="ticket-card-head">
                <TicketStatusTag status={ticket.status} />
                <strong>{ticketTypeLabel(ticket.type, lang)}</strong>
                <span className="ticket-card-no">#{ticket.id}</span>
              </div>
              <div className="ticket-description" data-testid="ticket-description-text">
                {ticket.description}
              </div>
              {ticket.images.length > 0 && (
                <div className="ticket-images">
                  {ticket.images.map((imageId) => (
                    <TicketImage key={imageId} id={imageId} />
                  ))}
                </div>
              )}
              <div className="ticket-meta">
                {t('support.createdAt')} {formatDate(ticket.createdAt, 'yyyy-mm-dd hh:MM')}
                {ticket.closedAt &&
                  ` · ${t('support.closedAt')} ${formatDate(ticket.closedAt, 'yyyy-mm-dd hh:MM')}`}
              </div>
            </section>
            <section className="ticket-section" data-testid="ticket-replies">
              <h3>{t('support.replies')}</h3>
              {ticket.replyList.length === 0 ? (
                <div className="ticket-muted">{t('support.noReply')}</div>
              ) : (
                ticket.replyList.map((r) => (
                  <div key={r.id} className="ticket-reply" data-testid="ticket-reply">
                    <div className="ticket-muted">
                      {t('support.support')} · {formatDate(r.createdAt, 'yyyy-mm-dd hh:MM')}
                    </div>
                    <div className="ticket-reply-body">{r.body}</div>
                  </div>
                ))
              )}
            </section>
            <Rating ticket={ticket} />
          </div>
        )}
      </PullRefresh>
    </Page>
  );
}
