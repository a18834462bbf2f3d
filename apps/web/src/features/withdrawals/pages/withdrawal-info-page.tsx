import { formatDate, formatMoney, ppmToPercentText } from '@pos/core';
import { List, Skeleton, Steps } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useSearchParams } from '@/lib/router';
import { recordGate } from '@/components/ui/record-state';
import { Page } from '@/components/ui/page';
import { useWithdrawal } from '../api/get-withdrawal';
import { useWdLabels } from '../components/labels';
import '../i18n';
import '../withdrawals.css';

const when = (v: string | null) => (v ? formatDate(v, 'yyyy-mm-dd hh:MM:ss') : '');

/** One withdrawal with the timeline of its states (/pages/earnings/earningsWithdrawalInfo?id=). */
export default function WithdrawalInfoPage() {
  const { t } = useTranslation();
  const labels = useWdLabels();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const valid = Number.isInteger(id) && id > 0;
  const q = useWithdrawal(valid ? id : 0);
  const w = q.data;
  const gate = recordGate(
    valid,
    q,
    '/pages/earnings/withdrawalList',
    <div className="wd-block">
      <Skeleton.Paragraph lineCount={8} animated />
    </div>,
  );

  const steps = w
    ? [
        {
          title: t('withdrawals.timelineApplied'),
          description: when(w.createdAt),
          status: 'finish' as const,
        },
        w.status === 0
          ? { title: t('withdrawals.timelineReview'), description: '', status: 'process' as const }
          : w.status === 3
            ? {
                title: t('withdrawals.timelineRejected'),
                description: `${when(w.reviewedAt)} ${w.reason ?? ''}`,
                status: 'error' as const,
              }
            : {
                title: t('withdrawals.timelineApproved'),
                description: when(w.reviewedAt),
                status: 'finish' as const,
              },
        ...(w.status === 1
          ? [{ title: t('withdrawals.timelinePaid'), description: '', status: 'wait' as const }]
          : []),
        ...(w.status === 2
          ? [
              {
                title: t('withdrawals.timelinePaid'),
                description: when(w.finishedAt),
                status: 'finish' as const,
              },
            ]
          : []),
        ...(w.status === 4
          ? [
              {
                title: t('withdrawals.timelineFailed'),
                description: `${when(w.finishedAt)} ${w.reason ?? ''}`,
                status: 'error' as const,
              },
            ]
          : []),
      ]
    : [];

  return (
    <Page
      title={t('withdrawals.withdrawalInfo')}
      className="wd-page"
      backTo="/pages/earnings/withdrawalList"
    >
      {gate ??
        (!w ? null : (
          <>
            <section className="wd-hero">
              <div className={`wd-status-${w.status}`} data-testid="withdrawal-status">
                {labels.status(w.status)}
              </div>
              <div className="wd-hero-amount">¥{formatMoney(w.amountFen)}</div>
            </section>
            <div className="wd-block">
              <Steps direction="vertical" current={steps.length - 1}>
                {steps.map((s, i) => (
                  <Steps.Step
                    key={i}
                    title={s.title}
                    description={s.description}
                    status={s.status}
                  />
                ))}
              </Steps>
            </div>
            <List>
              <List.Item extra={labels.wallet(w.walletType)}>{t('withdrawals.wallet')}</List.Item>
              <List.Item extra={`¥${formatMoney(w.feeFen)}`}>{t('withdrawals.fee')}</List.Item>
              <List.Item extra={`¥${formatMoney(w.taxFen)}`}>{t('withdrawals.tax')}</List.Item>
              {/* The two taxes apart, at the rates frozen when the withdrawal was requested. */}
              <List.Item extra={<span data-testid="detail-vat">¥{formatMoney(w.vatFen)}</span>}>
                {t('withdrawals.vat')}
                {w.vatPpm !== null ? ` (${ppmToPercentText(w.vatPpm)})` : ''}
              </List.Item>
              <List.Item extra={<span data-testid="detail-pit">¥{formatMoney(w.pitFen)}</span>}>
                {t('withdrawals.pit')}
                {w.pitPpm !== null ? ` (${ppmToPercentText(w.pitPpm)})` : ''}
              </List.Item>
              <List.Item extra={<b>¥{formatMoney(w.netFen)}</b>}>{t('withdrawals.net')}</List.Item>
              {w.taxChannelName && (
                <List.Item
                  extra={
                    <span data-testid="detail-tax-channel">
                      {w.taxChannelName} · {labels.taxAt(w.taxAt)}
                    </span>
                  }
                >
                  {t('withdrawals.taxChannel')}
                </List.Item>
              )}
              <List.Item extra={`${w.bankName} ${w.cardMasked}`}>{t('withdrawals.card')}</List.Item>
              <List.Item extra={when(w.createdAt)}>{t('withdrawals.appliedAt')}</List.Item>
              {w.reason && <List.Item extra={w.reason}>{t('withdrawals.reason')}</List.Item>}
            </List>
          </>
        ))}
    </Page>
  );
}
