import { STATS_MAX_RANGE_DAYS } from '@pos/core';
import { CalendarPicker, CapsuleTabs, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import {
  addDays,
  dayToLocalDate,
  daysBetween,
  localDateToDay,
  monthLastDay,
  shanghaiToday,
  shiftMonth,
} from '../hooks/dates';

export type RangePreset = 'thisMonth' | 'lastMonth' | 'last7' | 'last30' | 'custom';
const PRESETS: RangePreset[] = ['thisMonth', 'lastMonth', 'last7', 'last30', 'custom'];

export function presetRange(preset: Exclude<RangePreset, 'custom'>, today = shanghaiToday()) {
  const month = today.slice(0, 7);
  switch (preset) {
    case 'thisMonth':
      return { from: `${month}-01`, to: today };
    case 'lastMonth': {
      const last = shiftMonth(month, -1);
      return { from: `${last}-01`, to: monthLastDay(last) };
    }
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
  }
}

/** The preset a range matches, or custom. */
export function presetOf(from: string, to: string): RangePreset {
  for (const p of PRESETS) {
    if (p === 'custom') continue;
    const r = presetRange(p);
    if (r.from === from && r.to === to) return p;
  }
  return 'custom';
}

/**
 * The range of a report: quick presets, or any days picked on a calendar (up to
 * STATS_MAX_RANGE_DAYS, never past today).
 */
export function RangePicker({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const preset = presetOf(from, to);
  const today = shanghaiToday();
  return (
    <div className="data-range">
      <CapsuleTabs
        activeKey={preset}
        onChange={(key) => {
          if (key === 'custom') setOpen(true);
          else onChange(presetRange(key as Exclude<RangePreset, 'custom'>));
        }}
      >
        {PRESETS.map((p) => (
          <CapsuleTabs.Tab key={p} title={t(`data.range.${p}`)} />
        ))}
      </CapsuleTabs>
      <button
        type="button"
        className="data-range-text"
        onClick={() => setOpen(true)}
        data-testid="range-text"
      >
        {from} ~ {to}
        <span className="data-muted">{t('data.days', { n: daysBetween(from, to) + 1 })}</span>
      </button>
      <CalendarPicker
        visible={open}
        selectionMode="range"
        title={t('data.pickRange')}
        confirmText={t('common.confirm')}
        defaultValue={[dayToLocalDate(from), dayToLocalDate(to)]}
        min={dayToLocalDate(addDays(today, -3 * 366))}
        max={dayToLocalDate(today)}
        onClose={() => setOpen(false)}
        onConfirm={(val) => {
          if (!val) return;
          const next = { from: localDateToDay(val[0]), to: localDateToDay(val[1]) };
          if (daysBetween(next.from, next.to) + 1 > STATS_MAX_RANGE_DAYS) {
            Toast.show({ content: t('data.rangeHint') });
            return;
          }
          onChange(next);
        }}
      />
    </div>
  );
}
