import { creditStatusLabel, formatDate, formatMoney, type CreditSaleRow } from '@pos/core';
import { Button, ErrorBlock, Tabs, Tag } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { usePartyLabel } from '@/lib/party-name';
import { useNavigate, useSearchParams } from '@/lib/router';
import { InfiniteList, ListSkeleton } from '@/components/ui/infinite-list';
import { Page } from '@/components/ui/page';
import { creditKeys, useCreditSales } from '../api/credit';
import '../i18n';
import '../i18n-credit';
import '../terminals.css';

export const CREDIT_STATUS_COLORS: Record<string, string> = {
  pending: 'warning',
  active: 'primary',
  paused: 'warning',
  settled: 'success',
  refused: 'danger',
  withdrawn: 'default',
  cancelled: 'default',
};

/**
 * 货款代扣: my credit purchases (what I owe, the offers waiting for my answer first among them)
 * and my credit sales (what is owed to me), each with what was deducted so far.
 */
export default function CreditListPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const navigate = useNavigate();
  const qc = useQueryClient();
  const party = usePartyLabel();
  const [params, setParams] = useSearchParams();
  const role = params.get('tab') === 'sales' ? 'seller' : 'buyer';
  const q = useCreditSales(role);
  const open = (r: CreditSaleRow) => navigate(`/pages/home/terminal/creditInfo?id=${r.id}`);

  const list = (rows: CreditSaleRow[]) => (
    <div className="term-list" data-testid="credit-list">
      {rows.map((r) => (
        <div className="term-record" key={r.id} data-testid={`credit-${r.id}`}>
          <button type="button" className="term-record-main" onClick={() => open(r)}>
            <div className="term-record-head">
              <span className="term-record-type">
                {party(role === 'buyer' ? r.seller : r.buyer)}
              </span>
              <Tag color={CREDIT_STATUS_COLORS[r.status] ?? 'default'} fill="outline">
                {creditStatusLabel(r.status, lang)}
              </Tag>
              <span className="term-record-count">{t('credit.count', { n: r.count })}</span>
            </div>
            <div className="term-card-sub">
              {t('credit.total')}：¥{formatMoney(r.totalFen)} · {t('credit.paid')}：¥
              {formatMoney(r.paidFen)}
            </div>
            <div className="term-card-sub">
              {t('credit.instalments')}：{r.instalments} ·{' '}
              {formatDate(r.createdAt, 'yyyy-mm-dd hh:MM')}
            </div>
          </button>
          {r.canAnswer && (
            <div className="term-record-actions">
              <Button
                size="small"
                color="primary"
                onClick={() => open(r)}
                data-testid={`credit-answer-${r.id}`}
              >
                {t('credit.viewSchedule')}
              </Button>
            </div>
          )}
        </div>
      ))}
    </div>
  );

  return (
    <Page title={t('credit.title')} className="term-page" backTo="/pages/terminal/index">
      <div className="term-sticky">
        <Tabs
          activeKey={role === 'seller' ? 'sales' : 'purchases'}
          onChange={(k) =>
            setParams(new URLSearchParams(k === 'sales' ? { tab: 'sales' } : {}), { replace: true })
          }
        >
          <Tabs.Tab key="purchases" title={t('credit.purchases')} />
          <Tabs.Tab key="sales" title={t('credit.sales')} />
        </Tabs>
      </div>
      <InfiniteList
        query={q}
        onRefresh={() => qc.invalidateQueries({ queryKey: creditKeys.all })}
        empty={<ErrorBlock status="empty" title={t('credit.empty')} description="" />}
        skeleton={<ListSkeleton lines={8} />}
      >
        {list}
      </InfiniteList>
    </Page>
  );
}
