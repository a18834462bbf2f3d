import { enumLabel, formatDate, formatMoney } from '@pos/core';
import { Button, List, SearchBar, Skeleton, ErrorBlock } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { recordGate } from '@/components/ui/record-state';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { dataKeys } from '../api/data-keys';
import { useTerminalCheck } from '../api/get-terminal-check';
import { ProgressLine } from '../components/progress-line';
import { ResultTag, resultTone } from '../components/result-tag';
import { StateTag } from '../components/state-tag';
import { useLang } from '@/lib/use-lang';
import { useParams } from '../hooks/use-param';
import '../data.css';
import '../i18n';

const PROGRESS_TONE = {
  success: 'success',
  danger: 'danger',
  primary: 'primary',
  default: 'muted',
} as const;

/**
 * Check details of one terminal (/pages/home/tripartiteData/info?sn=): its activation check and
 * its standard check in every standard month of its policy, with each month's job status.
 */
export default function CheckInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useLang();
  const qc = useQueryClient();
  const [params, setParams] = useParams();
  const sn = (params.get('sn') ?? '').trim().toUpperCase();
  const [typed, setTyped] = useState(sn);
  const q = useTerminalCheck(sn);
  const d = q.data;

  let body;
  if (!sn) {
    body = (
      <ErrorBlock
        status="empty"
        title={t('data.noSn')}
        description={t('data.noSnDesc')}
        className="data-empty"
      />
    );
  } else
    body = recordGate(
      true,
      q,
      '/pages/home/tripartiteData/activationCheck',
      <Skeleton.Paragraph lineCount={10} animated className="data-block" />,
    );
  if (sn && !body && d) {
    const a = d.activation;
    body = (
      <>
        <section className="data-block data-detail-head" data-testid="check-info">
          <div className="data-card-head">
            <span className="data-detail-name">{a.sn}</span>
            <StateTag state={a.state} />
          </div>
          <div className="data-card-sub">
            {a.brandName} {a.model}
            <span className="data-dot">·</span>
            {enumLabel('bind_status', a.bindStatus, lang)}
          </div>
        </section>
        <List className="data-list" header={t('data.activation')}>
          {a.merchantId !== null && (
            <List.Item
              extra={a.merchantName}
              onClick={() =>
                navigate(`/pages/home/tripartiteData/merchBindTerm?merchantId=${a.merchantId}`)
              }
            >
              {t('data.merchant')}
            </List.Item>
          )}
          {a.holderName && <List.Item extra={a.holderName}>{t('data.holder')}</List.Item>}
          {d.policyName && <List.Item extra={d.policyName}>{t('data.policy')}</List.Item>}
          {a.boundAt && (
            <List.Item extra={formatDate(a.boundAt, 'yyyy-mm-dd hh:MM')}>
              {t('data.boundTime')}
            </List.Item>
          )}
          {a.state !== 'not_bound' && (
            <List.Item
              extra={`¥${formatMoney(a.thresholdFen)} · ${t('data.windowDays', { n: a.windowDays })}`}
            >
              {t('data.threshold')}
            </List.Item>
          )}
          {a.deadline && (
            <List.Item extra={formatDate(a.deadline, 'yyyy-mm-dd hh:MM')}>
              {t('data.deadline')}
            </List.Item>
          )}
          {a.activatedAt && (
            <List.Item extra={formatDate(a.activatedAt, 'yyyy-mm-dd hh:MM')}>
              {t('data.activatedAt')}
            </List.Item>
          )}
          {a.state !== 'not_bound' && a.state !== 'activated' && (
            <List.Item
              description={
                <ProgressLine
                  volumeFen={a.volumeFen}
                  thresholdFen={a.thresholdFen}
                  tone={a.state === 'window_passed' ? 'danger' : 'primary'}
                />
              }
            >
              {t('data.cardVolume')}
            </List.Item>
          )}
          {a.state === 'not_bound' && <List.Item>{t('data.notBoundHint')}</List.Item>}
        </List>

        <div className="data-section-title">{t('data.standardMonths')}</div>
        {d.months.length === 0 ? (
          <ErrorBlock
            status="empty"
            title={t('data.noStandardMonths')}
            description=""
            className="data-empty"
          />
        ) : (
          <div className="data-timeline" data-testid="check-months">
            {d.months.map((m) => (
              <div
                key={m.monthIndex}
                className={`data-timeline-item ${m.upcoming ? 'upcoming' : ''}`}
                data-testid={`month-${m.monthIndex}`}
              >
                <div className={`data-timeline-dot ${resultTone(m.result)}`} />
                <div className="data-timeline-body">
                  <div className="data-card-head">
                    <span className="data-card-title">
                      {t('data.monthK', { k: m.monthIndex })}
                      <span className="data-muted"> {m.month}</span>
                    </span>
                    {m.upcoming ? (
                      <span className="data-muted">{t('data.upcoming')}</span>
                    ) : (
                      <ResultTag result={m.result} />
                    )}
                  </div>
                  {m.thresholdFen !== null ? (
                    <ProgressLine
                      volumeFen={m.volumeFen}
                      thresholdFen={m.thresholdFen}
                      tone={PROGRESS_TONE[resultTone(m.result)]}
                    />
                  ) : (
                    <div className="data-card-sub">
                      {t('data.noThreshold')}
                      <span className="data-dot">·</span>
                      {t('data.volume')} ¥{formatMoney(m.volumeFen)}
                    </div>
                  )}
                  <div className="data-card-sub">
                    {m.source === 'assessed' ? t('data.assessed') : t('data.computed')}
                    {!m.upcoming && (
                      <>
                        <span className="data-dot">·</span>
                        {t('data.jobOf', {
                          status: enumLabel('execution_status', m.jobStatus, lang),
                        })}
                      </>
                    )}
                    {m.rewardFen > 0 && (
                      <>
                        <span className="data-dot">·</span>
                        <span className="data-success">
                          {t('data.reward', { amount: formatMoney(m.rewardFen) })}
                        </span>
                      </>
                    )}
                  </div>
                </div>
              </div>
            ))}
          </div>
        )}
        <div className="data-actions">
          <Button
            block
            fill="outline"
            color="primary"
            onClick={() =>
              navigate(`/pages/home/terminal/terminalInfo?sn=${encodeURIComponent(a.sn)}`)
            }
          >
            {t('data.openTerminal')}
          </Button>
        </div>
      </>
    );
  }

  return (
    <Page
      title={t('data.infoTitle')}
      className="data-page"
      backTo="/pages/home/tripartiteData/merchStandardCheck"
    >
      <div className="data-sticky">
        <SearchBar
          placeholder={t('data.searchSn')}
          value={typed}
          onChange={setTyped}
          onSearch={(v) => setParams({ sn: v.trim().toUpperCase() || undefined })}
          maxLength={40}
          data-testid="info-search"
        />
      </div>
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: dataKeys.terminal(sn) })}>
        {body}
      </PullRefresh>
    </Page>
  );
}
