import { formatDate, type MessageItem } from '@pos/core';
import { Tag } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { Page } from '@/components/ui/page';
import { InfiniteList, ListSkeleton } from '@/components/ui/infinite-list';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { messageKeys, useMessageList } from '../api/messages';
import { MessageTag } from '../components/message-tag';
import { PushSwitch } from '../components/push-switch';
import '../i18n';
import '../message.css';

function MessageCard({ m, onOpen }: { m: MessageItem; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="message-card" onClick={onOpen} data-testid="message-card">
      <div className="message-card-head">
        {!m.read && (
          <span className="message-dot" aria-label={t('message.unread')} data-testid="unread-dot" />
        )}
        <MessageTag type={m.type} />
        {m.important && (
          <Tag color="danger" fill="solid">
            {t('message.important')}
          </Tag>
        )}
        <span className="message-card-title">{m.title}</span>
      </div>
      <div className="message-card-summary">{m.summary}</div>
      <div className="message-card-time">{formatDate(m.publishedAt, 'yyyy-mm-dd hh:MM')}</div>
    </button>
  );
}

/** The message centre (/pages/message/index): newest first, pull to refresh, loads on scroll. */
export default function MessageListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const q = useMessageList();

  return (
    <Page title={t('message.title')} backTo="/pages/myInfo/index">
      <PushSwitch />
      <InfiniteList
        query={q}
        onRefresh={() => qc.invalidateQueries({ queryKey: messageKeys.all })}
        empty={t('message.empty')}
        emptyTestId="message-empty"
        skeleton={<ListSkeleton className="message-list" />}
      >
        {(rows) => (
          <div className="message-list" data-testid="message-list">
            {rows.map((m) => (
              <MessageCard
                key={m.id}
                m={m}
                onOpen={() => navigate(`/pages/message/detail?id=${m.id}`)}
              />
            ))}
          </div>
        )}
      </InfiniteList>
    </Page>
  );
}
