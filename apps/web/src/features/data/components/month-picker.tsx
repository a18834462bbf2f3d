import { DatePicker } from 'antd-mobile';
import { DownFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shanghaiMonth } from '../hooks/dates';

export function MonthText({ month }: { month: string }) {
  const { t } = useTranslation();
  const [y, m] = month.split('-');
  if (month === shanghaiMonth()) return <>{t('data.currentMonth')}</>;
  return <>{t('data.monthLabel', { y, m: Number(m) })}</>;
}

/** A button showing the month; tapping it opens a month wheel from three years back to now. */
export function MonthPicker({
  value,
  onChange,
  testId = 'month-picker',
}: {
  value: string | undefined;
  onChange: (month: string | undefined) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const now = shanghaiMonth();
  const month = value ?? now;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const [ny, nm] = now.split('-').map(Number) as [number, number];
  return (
    <>
      <button
        type="button"
        className="data-month"
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        <MonthText month={month} />
        <DownFill fontSize={10} />
      </button>
      <DatePicker
        visible={open}
        title={t('data.selectMonth')}
        precision="month"
        value={new Date(y, m - 1, 1)}
        min={new Date(ny - 3, 0, 1)}
        max={new Date(ny, nm - 1, 1)}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onClose={() => setOpen(false)}
        onConfirm={(d) => {
          const picked = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
          onChange(picked === now ? undefined : picked);
        }}
      />
    </>
  );
}
