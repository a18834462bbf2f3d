import { formatMoney, type CreditInstalmentView } from '@pos/core';
import { List } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import '../i18n-credit';

/**
 * A schedule as the server computed it: each instalment's day (or its day number before the
 * buyer accepts) and amount; with `paidFen`, the instalments it covers (in order) marked deducted.
 * Instalment n falls due on day n counted from the day of acceptance.
 */
export function CreditSchedule({
  schedule,
  paidFen,
  compact,
}: {
  schedule: readonly CreditInstalmentView[];
  paidFen?: number;
  /** One chip per instalment (its number and amount), for the confirmation popup. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  let covered = 0;
  if (compact) {
    return (
      <div className="credit-chips" data-testid="credit-schedule">
        {schedule.map((i) => (
          <span key={i.seq} className="credit-chip">
            {t('credit.instalmentN', { n: i.seq })} ¥{formatMoney(i.amountFen)}
          </span>
        ))}
      </div>
    );
  }
  return (
    <List data-testid="credit-schedule">
      {schedule.map((i) => {
        covered += i.amountFen;
        const done = paidFen !== undefined && covered <= paidFen;
        return (
          <List.Item
            key={i.seq}
            description={i.dueDay ?? t('credit.dayN', { n: i.seq })}
            extra={
              <span>
                ¥{formatMoney(i.amountFen)}
                {paidFen !== undefined && (
                  <span className={done ? 'credit-paid' : 'term-muted'}>
                    {' '}
                    {done ? t('credit.instalmentPaid') : t('credit.instalmentDue')}
                  </span>
                )}
              </span>
            }
          >
            {t('credit.instalmentN', { n: i.seq })}
          </List.Item>
        );
      })}
    </List>
  );
}
