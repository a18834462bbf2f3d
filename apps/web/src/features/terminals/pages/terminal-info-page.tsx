import { formatDate, formatMoney } from '@pos/core';
import { Button, Dialog, List, Skeleton, Steps, Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { recordGate } from '@/components/ui/record-state';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { terminalKeys } from '../api/terminal-keys';
import { useTerminalInfo } from '../api/get-terminal-info';
import { useUnbindTerminal } from '../api/unbind-terminal';
import { BindStatusTag } from '../components/bind-status-tag';
import { TerminalSchemeCard } from '../components/terminal-scheme-card';
import '../i18n';
import '../terminals.css';
import { usePartyName } from '@/lib/party-name';

/**
 * One terminal: SN, brand and model, holder, policy, fee options, bind state, merchant, bound and
 * activated times, and its history; bind or unbind when it is mine to change.
 */
export default function TerminalInfoPage() {
  const { t } = useTranslation();
  const party = usePartyName();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const sn = (params.get('sn') ?? '').trim().toUpperCase();
  const q = useTerminalInfo(sn);
  const unbind = useUnbindTerminal();
  const d = q.data;
  const dash = t('terminals.none');
  const when = (v: string | null) => (v ? formatDate(v, 'yyyy-mm-dd hh:MM') : dash);

  const onUnbind = async () => {
    if (!d) return;
    const ok = await Dialog.confirm({ content: t('terminals.unbindConfirm', { sn: d.sn }) });
    if (!ok) return;
    await unbind.mutateAsync({ sn: d.sn });
    Toast.show({ icon: 'success', content: t('terminals.unbindDone') });
  };

  let body = recordGate(
    !!sn,
    q,
    '/pages/home/terminal/terminalList',
    <Skeleton.Paragraph lineCount={12} animated />,
  );
  if (!body && d) {
    body = (
      <div data-testid="terminal-info">
        <div className="term-detail-head">
          <div className="term-detail-sn">{d.sn}</div>
          <BindStatusTag status={d.bindStatus} pending={d.pending} />
        </div>
        <List mode="card">
          <List.Item extra={`${d.brandName} ${d.model}`}>{t('terminals.brand')}</List.Item>
          <List.Item
            extra={
              d.own ? t('terminals.ownShort') : `${party(d.holderName)} ${d.holderMobile}`.trim()
            }
            data-testid="terminal-holder"
          >
            {t('terminals.holder')}
          </List.Item>
          <List.Item extra={d.policyName ?? dash}>{t('terminals.policy')}</List.Item>
          <List.Item extra={t('terminals.yuan', { v: formatMoney(d.serviceFeeFen) })}>
            {t('terminals.serviceFee')}
          </List.Item>
          <List.Item extra={t('terminals.yuan', { v: formatMoney(d.commFeeFen) })}>
            {t('terminals.commFee')}
          </List.Item>
          <List.Item extra={when(d.createdAt)}>{t('terminals.createdAt')}</List.Item>
        </List>
        <List mode="card">
          <List.Item
            extra={t(
              `terminals.${d.bindStatus === 0 ? 'unbound' : d.bindStatus === 1 ? 'bound' : 'activated'}`,
            )}
          >
            {t('terminals.bindStatus')}
          </List.Item>
          <List.Item extra={d.merchantName ?? dash}>{t('terminals.merchant')}</List.Item>
          {d.merchantNo && <List.Item extra={d.merchantNo}>{t('terminals.merchantNo')}</List.Item>}
          <List.Item extra={when(d.boundAt)}>{t('terminals.boundAt')}</List.Item>
          {d.bindStatus === 1 && (
            <List.Item extra={when(d.activationDeadline)}>{t('terminals.deadline')}</List.Item>
          )}
          <List.Item extra={when(d.activatedAt)}>{t('terminals.activatedAt')}</List.Item>
        </List>
        {(d.canBind || d.canUnbind) && (
          <div className="term-actions">
            {d.canBind && (
              <Button
                block
                color="primary"
                onClick={() =>
                  navigate(`/pages/home/terminal/terminalBind?sn=${encodeURIComponent(d.sn)}`)
                }
                data-testid="bind-button"
              >
                {t('terminals.bindNow')}
              </Button>
            )}
            {d.canUnbind && (
              <Button
                block
                color="danger"
                fill="outline"
                loading={unbind.isPending}
                onClick={() => void onUnbind()}
              >
                {t('terminals.unbind')}
              </Button>
            )}
          </div>
        )}
        <TerminalSchemeCard sn={d.sn} activated={d.bindStatus === 3} />
        <div className="term-section-title term-pad">{t('terminals.history')}</div>
        <div className="term-block">
          {d.history.length === 0 ? (
            <div className="term-muted">{t('terminals.noHistory')}</div>
          ) : (
            <Steps direction="vertical" current={-1}>
              {d.history.map((h) => (
                <Steps.Step
                  key={h.id}
                  status={h.status === 2 ? 'error' : h.status === 0 ? 'wait' : 'finish'}
                  title={`${t(`terminals.types.${h.type}`)} · ${t(`terminals.statuses.${h.status}`)}`}
                  description={`${party(h.fromName)} → ${party(h.toName)} · ${formatDate(h.createdAt, 'yyyy-mm-dd hh:MM')}`}
                />
              ))}
            </Steps>
          )}
        </div>
      </div>
    );
  }
  return (
    <Page
      title={t('terminals.infoTitle')}
      className="term-page"
      backTo="/pages/home/terminal/terminalList"
    >
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: terminalKeys.info(sn) })}>
        {body}
      </PullRefresh>
    </Page>
  );
}
