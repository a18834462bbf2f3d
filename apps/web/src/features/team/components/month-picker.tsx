import { DatePicker } from 'antd-mobile';
import { DownFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The current month in Asia/Shanghai, 'YYYY-MM', the way the server cuts months. */
export function shanghaiMonth(now = Date.now()): string {
  const d = new Date(now + 8 * 3600 * 1000);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

export function MonthLabel({ month }: { month: string }) {
  const { t } = useTranslation();
  const [y, m] = month.split('-');
  return <>{t('team.monthLabel', { y, m: Number(m) })}</>;
}

/** A button showing the month; tapping it opens a month wheel up to this month. */
export function MonthPicker({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (m: string | undefined) => void;
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
        className="team-month"
        onClick={() => setOpen(true)}
        data-testid="month-picker"
      >
        {month === now ? t('team.currentMonth') : <MonthLabel month={month} />}
        <DownFill fontSize={10} />
      </button>
      <DatePicker
        visible={open}
        title={t('team.selectMonth')}
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
