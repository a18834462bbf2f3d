import { formatDate, formatMoney, type SchemeStageView } from '@pos/core';
import { ProgressBar, Skeleton, Tag } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useTerminalScheme } from '../api/get-terminal-scheme';
import '../scheme-i18n';
import '../scheme.css';

const STATUS_COLOR: Record<SchemeStageView['status'], string> = {
  open: 'primary',
  met: 'success',
  missed: 'danger',
  void: 'default',
};

/**
 * The reward scheme frozen on an activated terminal: each stage's window, its progress from the
 * terminal's trades against the target, the chain's reward and the caller's share, and what
 * became of the reward (to be credited, under review, credited, cancelled). Every figure is the
 * server's.
 */
export function TerminalSchemeCard({ sn, activated }: { sn: string; activated: boolean }) {
  const { t } = useTranslation();
  const q = useTerminalScheme(sn, activated);
  if (!activated) return null;
  const day = (v: string) => formatDate(v, 'yyyy-mm-dd');
  // A stage ends before its end instant: its last day is the day before.
  const lastDay = (v: string) =>
    formatDate(new Date(Date.parse(v) - 1).toISOString(), 'yyyy-mm-dd');
  let body;
  if (q.isPending) body = <Skeleton.Paragraph lineCount={4} animated />;
  else if (q.isError) body = <div className="term-muted">{t('terminals.scheme.failed')}</div>;
  else if (!q.data.frozen) body = <div className="term-muted">{t('terminals.scheme.none')}</div>;
  else {
    const d = q.data;
    body = (
      <>
        <div className="term-muted" data-testid="scheme-meta">
          {t('terminals.scheme.version', { v: d.version ?? '' })}
          <span className="term-dot">·</span>
          {t('terminals.scheme.activatedAt', { t: d.activatedAt ? day(d.activatedAt) : '' })}
          <span className="term-dot">·</span>
          {t(d.missEnds ? 'terminals.scheme.missEnds' : 'terminals.scheme.missGoesOn')}
        </div>
        {d.review && (
          <div className="term-intro" data-testid="scheme-review">
            {t(`terminals.scheme.review.${d.review}`)}
          </div>
        )}
        {d.stages.map((s) => {
          const volume = d.measure === 'volume';
          const percent = Math.min(100, Math.floor((s.progress * 100) / Math.max(1, s.target)));
          return (
            <div
              key={s.stage}
              className="term-scheme-stage"
              data-testid={`scheme-stage-${s.stage}`}
            >
              <div className="term-scheme-head">
                <span className="term-scheme-name">
                  {t('terminals.scheme.stage', { n: s.stage })}
                </span>
                <Tag color={STATUS_COLOR[s.status]} fill="outline">
                  {t(`terminals.scheme.status.${s.status}`)}
                </Tag>
                {s.rewardStatus && (
                  <Tag color="warning" fill="outline">
                    {t(`terminals.scheme.rewardStatus.${s.rewardStatus}`)}
                  </Tag>
                )}
              </div>
              <div className="term-muted">
                {t('terminals.scheme.window', { from: day(s.start), to: lastDay(s.end) })}
              </div>
              <ProgressBar percent={percent} className="term-scheme-bar" />
              <div className="term-scheme-figures">
                <span data-testid={`scheme-progress-${s.stage}`}>
                  {volume
                    ? t('terminals.scheme.volume', {
                        p: formatMoney(s.progress),
                        t: formatMoney(s.target),
                      })
                    : t('terminals.scheme.count', { p: s.progress, t: s.target })}
                </span>
                <span>
                  {t('terminals.scheme.reward', { v: formatMoney(s.rewardFen) })}
                  <span className="term-dot">·</span>
                  {t('terminals.scheme.myShare', { v: formatMoney(s.myShareFen) })}
                </span>
              </div>
            </div>
          );
        })}
      </>
    );
  }
  return (
    <>
      <div className="term-section-title term-pad">{t('terminals.scheme.title')}</div>
      <div className="term-block" data-testid="terminal-scheme">
        {body}
      </div>
    </>
  );
}
