import {
  creditStatusLabel,
  formatDate,
  formatMoney,
  type CreditControlAction,
  type CreditSaleInfo,
} from '@pos/core';
import { Button, Dialog, ErrorBlock, List, Skeleton, Tag, Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { usePartyLabel } from '@/lib/party-name';
import { useSearchParams } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { creditKeys, useControlCredit, useCreditSale, useDecideCredit } from '../api/credit';
import { CreditSchedule } from '../components/credit-schedule';
import { CREDIT_STATUS_COLORS } from './credit-list-page';
import '../i18n';
import '../i18n-credit';
import '../terminals.css';

const positiveId = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * One sale on credit, as its buyer, seller or the terminals' receiver sees it: the terms, the
 * schedule (shown before the receiver answers), every day's deduction, the chain of debts and the
 * terminals. The receiver accepts or refuses here; the seller pauses, resumes, cancels or
 * withdraws here, each after a confirmation saying what it does.
 */
export default function CreditInfoPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const qc = useQueryClient();
  const party = usePartyLabel();
  const [params] = useSearchParams();
  const id = positiveId(params.get('id'));
  const q = useCreditSale(id);
  const decide = useDecideCredit();
  const control = useControlCredit();
  const s = q.data;

  const answer = async (sale: CreditSaleInfo, accept: boolean) => {
    const ok = await Dialog.confirm({
      title: accept ? t('credit.accept') : t('credit.refuse'),
      content: accept
        ? t('credit.acceptConfirm', {
            n: sale.count,
            total: formatMoney(sale.totalFen),
            k: sale.instalments,
          })
        : t('credit.refuseConfirm'),
    });
    if (!ok) return;
    try {
      const res = await decide.mutateAsync({ saleId: sale.id, accept });
      Toast.show({ icon: 'success', content: res.msg });
    } catch {
      // The request client has shown the server's message.
    }
  };

  const act = async (sale: CreditSaleInfo, action: CreditControlAction) => {
    const ok = await Dialog.confirm({
      title: t(`credit.actions.${action}`),
      content: t(`credit.actionConfirm.${action}`, {
        left: formatMoney(sale.totalFen - sale.paidFen),
      }),
    });
    if (!ok) return;
    try {
      const res = await control.mutateAsync({ saleId: sale.id, action });
      Toast.show({ icon: 'success', content: res.msg });
    } catch {
      // The request client has shown the server's message.
    }
  };

  let body;
  if (id === undefined)
    body = <ErrorBlock status="empty" title={t('credit.empty')} description="" />;
  else if (q.isLoading) body = <Skeleton.Paragraph lineCount={12} animated />;
  else if (q.isError || !s) body = <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  else {
    body = (
      <div data-testid="credit-info">
        <List mode="card">
          <List.Item
            extra={
              <Tag color={CREDIT_STATUS_COLORS[s.status] ?? 'default'} data-testid="credit-status">
                {creditStatusLabel(s.status, lang)}
              </Tag>
            }
          >
            {t('credit.title')}
          </List.Item>
          <List.Item extra={party(s.seller)}>{t('credit.seller')}</List.Item>
          <List.Item extra={party(s.buyer)}>{t('credit.buyer')}</List.Item>
          {s.receiver.id !== s.buyer.id && (
            <List.Item extra={party(s.receiver)}>{t('credit.receiver')}</List.Item>
          )}
          <List.Item extra={t('credit.count', { n: s.count })}>{t('credit.countLabel')}</List.Item>
          <List.Item extra={`¥${formatMoney(s.unitPriceFen)}`}>{t('credit.perTerminal')}</List.Item>
          <List.Item extra={<b data-testid="credit-total">¥{formatMoney(s.totalFen)}</b>}>
            {t('credit.total')}
          </List.Item>
          <List.Item extra={<span data-testid="credit-paid">¥{formatMoney(s.paidFen)}</span>}>
            {t('credit.paid')}
          </List.Item>
          <List.Item extra={`¥${formatMoney(s.totalFen - s.paidFen)}`}>
            {t('credit.left')}
          </List.Item>
          {(s.status === 'active' || s.status === 'paused') && (
            <List.Item extra={`¥${formatMoney(s.overdueFen)}`}>{t('credit.overdue')}</List.Item>
          )}
          <List.Item extra={formatDate(s.createdAt, 'yyyy-mm-dd hh:MM')}>
            {t('credit.createdAt')}
          </List.Item>
        </List>

        {s.canAnswer && (
          <div className="term-block">
            <div className="term-muted">{t('credit.answerHint')}</div>
          </div>
        )}
        <List mode="card" header={t('credit.scheduleTitle')}>
          <CreditSchedule schedule={s.schedule} paidFen={s.firstDay ? s.paidFen : undefined} />
        </List>

        {s.canAnswer && (
          <div className="term-actions credit-actions">
            <Button
              block
              color="danger"
              fill="outline"
              loading={decide.isPending}
              onClick={() => void answer(s, false)}
              data-testid="credit-refuse"
            >
              {t('credit.refuse')}
            </Button>
            <Button
              block
              color="primary"
              loading={decide.isPending}
              onClick={() => void answer(s, true)}
              data-testid="credit-accept"
            >
              {t('credit.accept')}
            </Button>
          </div>
        )}
        {s.actions.length > 0 && (
          <div className="term-actions credit-actions">
            {s.actions.map((a) => (
              <Button
                key={a}
                block
                color={a === 'cancel' || a === 'withdraw' ? 'danger' : 'primary'}
                fill="outline"
                loading={control.isPending}
                onClick={() => void act(s, a)}
                data-testid={`credit-${a}`}
              >
                {t(`credit.actions.${a}`)}
              </Button>
            ))}
          </div>
        )}

        <List mode="card" header={t('credit.deductions')} data-testid="credit-deductions">
          {s.deductions.length === 0 ? (
            <List.Item>
              <span className="term-muted">{t('credit.noDeductions')}</span>
            </List.Item>
          ) : (
            s.deductions.map((d) => (
              <List.Item
                key={d.day}
                description={
                  d.amountFen < d.dueFen
                    ? `${t('credit.deducted', { due: formatMoney(d.dueFen), amount: formatMoney(d.amountFen) })} · ${t('credit.shortfall')}`
                    : t('credit.deducted', {
                        due: formatMoney(d.dueFen),
                        amount: formatMoney(d.amountFen),
                      })
                }
                extra={`-¥${formatMoney(d.amountFen)}`}
              >
                {d.day}
              </List.Item>
            ))
          )}
        </List>

        {s.hops.length > 1 && (
          <List mode="card" header={t('credit.chain')}>
            {s.hops.map((h) => (
              <List.Item key={h.hop}>
                {t('credit.chainHop', { buyer: party(h.buyer), seller: party(h.seller) })}
              </List.Item>
            ))}
          </List>
        )}

        <List mode="card" header={t('credit.terminals')}>
          <div className="term-preview-sns">
            {s.sns.map((sn) => (
              <span key={sn} className="term-preview-sn">
                {sn}
              </span>
            ))}
          </div>
        </List>
      </div>
    );
  }

  return (
    <Page title={t('credit.infoTitle')} className="term-page" backTo="/pages/home/terminal/credit">
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: creditKeys.all })}>
        {body}
      </PullRefresh>
    </Page>
  );
}
