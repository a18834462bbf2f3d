import { formatDate, ticketStatusOptions, type TicketItem } from '@pos/core';
import { Button, Tabs } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { Page } from '@/components/ui/page';
import { InfiniteList, ListSkeleton } from '@/components/ui/infinite-list';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { useLang } from '@/lib/use-lang';
import { ticketKeys, useTicketList } from '../api/tickets';
import { TicketStatusTag, TicketTypeTag } from '../components/ticket-tags';
import '../i18n';
import '../support.css';

function TicketCard({ item, onOpen }: { item: TicketItem; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="ticket-card" onClick={onOpen} data-testid="ticket-card">
      <div className="ticket-card-head">
        <TicketStatusTag status={item.status} />
        <TicketTypeTag type={item.type} />
        <span className="ticket-card-no">#{item.id}</span>
      </div>
      <div className="ticket-card-summary">{item.summary}</div>
      <div className="ticket-card-foot">
        <span>{formatDate(item.createdAt, 'yyyy-mm-dd hh:MM')}</span>
        {item.replies > 0 && <span>{t('support.replyCount', { n: item.replies })}</span>}
      </div>
    </button>
  );
}

/** The agent's tickets (/pages/ticket/index): by state, newest first, pull to refresh. */
export default function TicketListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('status') ?? 0);
  const status = raw >= 1 && raw <= 4 ? raw : null;
  const q = useTicketList(status);

  return (
    <Page
      title={t('support.title')}
      backTo="/pages/myInfo/index"
      right={
        <Button
          size="mini"
          color="primary"
          fill="none"
          onClick={() => navigate('/pages/ticket/create')}
          data-testid="ticket-new"
        >
          {t('support.create')}
        </Button>
      }
    >
      <Tabs
        activeKey={String(status ?? 0)}
        onChange={(key) => setParams(key === '0' ? {} : { status: key }, { replace: true })}
      >
        <Tabs.Tab key="0" title={t('support.all')} />
        {ticketStatusOptions.map((o) => (
          <Tabs.Tab key={String(o.value)} title={lang === 'en' ? o.en : o.zh} />
        ))}
      </Tabs>
      <InfiniteList
        query={q}
        onRefresh={() => qc.invalidateQueries({ queryKey: ticketKeys.all })}
        empty={t('support.empty')}
        emptyTestId="ticket-empty"
        skeleton={<ListSkeleton className="ticket-list" />}
      >
        {(rows) => (
          <div className="ticket-list" data-testid="ticket-list">
            {rows.map((item) => (
              <TicketCard
                key={item.id}
                item={item}
                onOpen={() => navigate(`/pages/ticket/detail?id=${item.id}`)}
              />
            ))}
          </div>
        )}
      </InfiniteList>
    </Page>
  );
}
