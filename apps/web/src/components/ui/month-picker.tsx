import { DatePicker } from 'antd-mobile';
import { DownFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { shanghaiMonth } from '@/lib/dates';

interface MonthPickerProps {
  /** 'YYYY-MM'; undefined means this month, or every month when allowAll is set. */
  value: string | undefined;
  onChange: (month: string | undefined) => void;
  /** Offers "all months" (undefined) beside the months themselves. */
  allowAll?: boolean;
  /** The feature's chip style. */
  className?: string;
  testId?: string;
}

/**
 * A button showing the month; tapping it opens a month wheel from three years back to this month
 * (in Asia/Shanghai). Without allowAll, picking this month reports undefined, the default.
 */
export function MonthPicker({
  value,
  onChange,
  allowAll = false,
  className = 'month-chip',
  testId = 'month-picker',
}: MonthPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const now = shanghaiMonth();
  const shown = value ?? (allowAll ? undefined : now);
  const [y, m] = (shown ?? now).split('-').map(Number) as [number, number];
  const [ny, nm] = now.split('-').map(Number) as [number, number];
  const label = !shown
    ? t('common.allMonths')
    : shown === now
      ? t('common.currentMonth')
      : t('common.monthLabel', { y, m });
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        {label}
        <DownFill fontSize={10} />
      </button>
      {allowAll && shown && (
        <button
          type="button"
          className={`${className} ${className}-plain`}
          onClick={() => onChange(undefined)}
        >
          {t('common.allMonths')}
        </button>
      )}
      <DatePicker
        visible={open}
        title={t('common.selectMonth')}
        precision="month"
        value={new Date(y, m - 1, 1)}
        min={new Date(ny - 3, 0, 1)}
        max={new Date(ny, nm - 1, 1)}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onClose={() => setOpen(false)}
        onConfirm={(d) => {
          const picked = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
          onChange(!allowAll && picked === now ? undefined : picked);
        }}
      />
    </>
  );
}
