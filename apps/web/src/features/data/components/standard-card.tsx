import { formatDate, formatMoney, type StandardCheckRow } from '@pos/core';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from '@/lib/i18n';
import { ProgressLine } from './progress-line';
import { ResultTag, resultTone } from './result-tag';

const PROGRESS_TONE = {
  success: 'success',
  danger: 'danger',
  primary: 'primary',
  default: 'muted',
} as const;

/** One terminal in month k of its policy: volume against T_k and the check type. */
export function StandardCard({
  row,
  onOpen,
  onMerchant,
}: {
  row: StandardCheckRow;
  onOpen: () => void;
  onMerchant: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="data-card" data-testid={`standard-${row.sn}`}>
      <button type="button" className="data-card-main data-card-button" onClick={onOpen}>
        <div className="data-card-head">
          <span className="data-card-title">{row.sn}</span>
          <ResultTag result={row.result} />
        </div>
        <div className="data-card-sub">
          <span className="data-month-k">{t('data.monthK', { k: row.monthIndex })}</span>
          {row.brandName} {row.model}
          {row.boundAt && (
            <>
              <span className="data-dot">·</span>
              {t('data.boundAt', { time: formatDate(row.boundAt) })}
            </>
          )}
        </div>
        {row.thresholdFen !== null ? (
          <ProgressLine
            volumeFen={row.volumeFen}
            thresholdFen={row.thresholdFen}
            tone={PROGRESS_TONE[resultTone(row.result)]}
          />
        ) : (
          <div className="data-card-sub">
            {t('data.noThreshold')}
            <span className="data-dot">·</span>
            {t('data.volume')} ¥{formatMoney(row.volumeFen)}
          </div>
        )}
        {row.rewardFen > 0 && (
          <div className="data-card-sub data-success">
            {t('data.reward', { amount: formatMoney(row.rewardFen) })}
          </div>
        )}
      </button>
      {row.merchantId !== null && (
        <button type="button" className="data-card-merchant" onClick={onMerchant}>
          {t('data.merchantOf', { name: row.merchantName })}
          <RightOutline />
        </button>
      )}
    </div>
  );
}
