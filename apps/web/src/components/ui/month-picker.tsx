import { DownFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { shanghaiMonth } from '@/lib/dates';
import type { MonthWheel } from './month-wheel';

type Wheel = typeof MonthWheel;
let wheel: Wheel | undefined;
let loadingWheel: Promise<Wheel> | undefined;

/**
 * The month wheel's code (the kit's DatePicker with its gesture and animation libraries, about
 * 30 KB of brotli JavaScript), loaded at the first tap on a month button rather than with the
 * pages that show one (the data tab among them; issue 35). A failed load is tried again at the
 * next tap.
 */
function loadWheel(): Promise<Wheel> {
  loadingWheel ??= import('./month-wheel').then(
    (m) => (wheel = m.MonthWheel),
    (err: unknown) => {
      loadingWheel = undefined;
      throw err;
    },
  );
  return loadingWheel;
}

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
  const [Wheel, setWheel] = useState(() => wheel);
  const now = shanghaiMonth();
  const shown = value ?? (allowAll ? undefined : now);
  const [y, m] = (shown ?? now).split('-').map(Number) as [number, number];
  const [ny, nm] = now.split('-').map(Number) as [number, number];
  const openWheel = () => {
    setOpen(true);
    if (Wheel) return;
    loadWheel().then(
      (loaded) => setWheel(() => loaded),
      // Without the wheel's code (offline before it was cached) the tap opens nothing.
      () => setOpen(false),
    );
  };
  const label = !shown
    ? t('common.allMonths')
    : shown === now
      ? t('common.currentMonth')
      : t('common.monthLabel', { y, m });
  return (
    <>
      <button type="button" className={className} onClick={openWheel} data-testid={testId}>
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
      {Wheel && (
        <Wheel
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
      )}
    </>
  );
}
