import { enumLabel, formatDate, type ActivationCheckRow } from '@pos/core';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { useLang } from '@/lib/use-lang';
import { ProgressLine } from './progress-line';
import { StateTag } from './state-tag';

const DAY_MS = 86_400_000;

/** A terminal's activation check: the state, and the volume, deadline or time that explain it. */
export function ActivationCard({ row, onOpen }: { row: ActivationCheckRow; onOpen: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const left = row.deadline ? Math.ceil((Date.parse(row.deadline) - Date.now()) / DAY_MS) : null;
  return (
    <button
      type="button"
      className="data-card"
      onClick={onOpen}
      data-testid={`activation-${row.sn}`}
    >
      <div className="data-card-main">
        <div className="data-card-head">
          <span className="data-card-title">{row.sn}</span>
          <StateTag state={row.state} />
        </div>
        <div className="data-card-sub">
          {row.brandName} {row.model}
          <span className="data-dot">·</span>
          {enumLabel('bind_status', row.bindStatus, lang)}
          {row.merchantName && (
            <>
              <span className="data-dot">·</span>
              {row.merchantName}
            </>
          )}
        </div>
        {row.state === 'not_bound' && (
          <div className="data-card-sub">
            {t('data.notBoundHint')}
            {row.holderName && (
              <>
                <span className="data-dot">·</span>
                {t('data.holderOf', { name: row.holderName })}
              </>
            )}
          </div>
        )}
        {row.state !== 'not_bound' && row.boundAt && (
          <div className="data-card-sub">
            {t('data.boundAt', { time: formatDate(row.boundAt, 'yyyy-mm-dd hh:MM') })}
            {row.state === 'activated' && row.activatedAt && (
              <>
                <span className="data-dot">·</span>
                <span className="data-success">
                  {t('data.activatedOn', { time: formatDate(row.activatedAt, 'yyyy-mm-dd hh:MM') })}
                </span>
              </>
            )}
          </div>
        )}
        {(row.state === 'volume_short' ||
          row.state === 'reached' ||
          row.state === 'window_passed') && (
          <>
            <ProgressLine
              volumeFen={row.volumeFen}
              thresholdFen={row.thresholdFen}
              tone={
                row.state === 'window_passed'
                  ? 'danger'
                  : row.state === 'reached'
                    ? 'success'
                    : 'primary'
              }
              testId="activation-progress"
            />
            <div className="data-card-sub">
              {t('data.windowRule', { n: row.windowDays })}
              <span className="data-dot">·</span>
              {row.state === 'window_passed' || left === null || left <= 0 ? (
                <span className="data-danger">
                  {t('data.windowEnded', { time: formatDate(row.deadline, 'yyyy-mm-dd') })}
                </span>
              ) : (
                <span>
                  {t('data.deadlineLeft', {
                    date: formatDate(row.deadline, 'yyyy-mm-dd'),
                    n: left,
                  })}
                </span>
              )}
            </div>
          </>
        )}
      </div>
      <RightOutline className="data-card-arrow" />
    </button>
  );
}

/** Terminals' activation checks as cards, each opening the terminal's data from the acquirer. */
export function ActivationCards({ rows, testId }: { rows: ActivationCheckRow[]; testId: string }) {
  const navigate = useNavigate();
  return (
    <div className="data-cards" data-testid={testId}>
      {rows.map((r) => (
        <ActivationCard
          key={r.terminalId}
          row={r}
          onOpen={() => navigate(`/pages/home/tripartiteData/info?sn=${encodeURIComponent(r.sn)}`)}
        />
      ))}
    </div>
  );
}
