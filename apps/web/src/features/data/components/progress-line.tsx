import { formatMoney } from '@pos/core';
import { useTranslation } from '@/lib/i18n';

/** Volume against a threshold: a thin bar and "volume / threshold" in yuan. */
export function ProgressLine({
  volumeFen,
  thresholdFen,
  tone = 'primary',
  testId,
}: {
  volumeFen: number;
  thresholdFen: number;
  tone?: 'primary' | 'success' | 'danger' | 'muted';
  testId?: string;
}) {
  const { t } = useTranslation();
  const pct = thresholdFen > 0 ? Math.min(100, Math.max(0, (volumeFen / thresholdFen) * 100)) : 0;
  return (
    <div className="data-progress" data-testid={testId}>
      <div className="data-progress-track" role="presentation">
        <div className={`data-progress-bar ${tone}`} style={{ width: `${pct}%` }} />
      </div>
      <div className="data-progress-text">
        {t('data.progress', {
          volume: formatMoney(volumeFen),
          threshold: formatMoney(thresholdFen),
        })}
      </div>
    </div>
  );
}
