import { DatePicker } from 'antd-mobile';
import { DownFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The current month in Asia/Shanghai, 'YYYY-MM', the way the server cuts months. */
export function shanghaiMonth(now = Date.now()): string {
  const d = new Date(now + 8 * 3600 * 1000);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** A month button opening a month wheel (up to this month); `allowAll` adds "all months". */
export function MonthPicker({
  value,
  onChange,
  allowAll = false,
}: {
  value: string | undefined;
  onChange: (month: string | undefined) => void;
  allowAll?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const now = shanghaiMonth();
  const shown = value ?? (allowAll ? undefined : now);
  const [y, m] = (shown ?? now).split('-').map(Number) as [number, number];
  const [ny, nm] = now.split('-').map(Number) as [number, number];
  const label = !shown
    ? t('wallet.allMonths')
    : shown === now
      ? t('wallet.currentMonth')
      : t('wallet.monthLabel', { y, m });
  return (
    <>
      <button
        type="button"
        className="wallet-chip"
        onClick={() => setOpen(true)}
        data-testid="month-picker"
      >
        {label}
        <DownFill fontSize={10} />
      </button>
      {allowAll && shown && (
        <button
          type="button"
          className="wallet-chip wallet-chip-plain"
          onClick={() => onChange(undefined)}
        >
          {t('wallet.allMonths')}
        </button>
      )}
      <DatePicker
        visible={open}
        title={t('wallet.selectMonth')}
        precision="month"
        value={new Date(y, m - 1, 1)}
        min={new Date(ny - 3, 0, 1)}
        max={new Date(ny, nm - 1, 1)}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onClose={() => setOpen(false)}
        onConfirm={(d) =>
          onChange(`${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`)
        }
      />
    </>
  );
}
