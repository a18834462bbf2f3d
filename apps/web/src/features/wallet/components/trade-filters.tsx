import {
  payTypeOptions,
  totalTypeOptions,
  transactionStatusOptions,
  type EnumOption,
} from '@pos/core';
import { Button, CalendarPicker, Dropdown, Selector, type DropdownRef } from 'antd-mobile';
import { useRef, useState } from 'react';
import { localDateAsShanghaiDay, shanghaiDayAsLocalDate, shanghaiToday } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { useLabels } from './labels';

export interface TradeFilterValue {
  payType?: number;
  totalType?: number;
  status?: number;
  startDate?: string;
  endDate?: string;
}

/** The Shanghai day a picked date shows (the server cuts days in Asia/Shanghai). */
const day = localDateAsShanghaiDay;
/** The calendar offers Shanghai days up to today there, whatever the phone's zone. */
const lastDay = () => shanghaiDayAsLocalDate(shanghaiToday());

/** Pay type, total type, status and a date range, each in a dropdown panel. */
export function TradeFilters({
  value,
  onChange,
}: {
  value: TradeFilterValue;
  onChange: (v: TradeFilterValue) => void;
}) {
  const { t } = useTranslation();
  const labels = useLabels();
  const ref = useRef<DropdownRef>(null);
  const [calendar, setCalendar] = useState(false);
  const pick = (
    key: 'payType' | 'totalType' | 'status',
    options: readonly EnumOption<number>[],
    title: string,
    type: 'pay_type' | 'total_type' | 'transaction_status',
  ) => (
    <Dropdown.Item
      key={key}
      title={value[key] ? labels.enumText(type, value[key]!) : title}
      data-testid={`filter-${key}`}
    >
      <div className="wallet-dropdown-body">
        <Selector
          columns={2}
          options={[
            { label: t('wallet.allTypes'), value: 0 },
            ...options.map((o) => ({ label: labels.enumText(type, o.value), value: o.value })),
          ]}
          value={[value[key] ?? 0]}
          onChange={(v) => {
            // Tapping the current option keeps it (antd-mobile would leave none chosen).
            if (v[0] === undefined) return ref.current?.close();
            onChange({ ...value, [key]: v[0] ? v[0] : undefined });
            ref.current?.close();
          }}
        />
      </div>
    </Dropdown.Item>
  );
  const dateTitle = value.startDate
    ? `${value.startDate.slice(5)}~${(value.endDate ?? value.startDate).slice(5)}`
    : t('wallet.dateRange');
  return (
    <>
      <Dropdown ref={ref} className="wallet-dropdown">
        {pick('payType', payTypeOptions, t('wallet.payType'), 'pay_type')}
        {pick('totalType', totalTypeOptions, t('wallet.totalType'), 'total_type')}
        {pick('status', transactionStatusOptions, t('wallet.status'), 'transaction_status')}
        <Dropdown.Item key="date" title={dateTitle} data-testid="filter-date">
          <div className="wallet-dropdown-body wallet-date-actions">
            <Button size="small" color="primary" onClick={() => setCalendar(true)}>
              {t('wallet.pickDates')}
            </Button>
            <Button
              size="small"
              onClick={() => {
                onChange({ ...value, startDate: undefined, endDate: undefined });
                ref.current?.close();
              }}
            >
              {t('wallet.anyDate')}
            </Button>
          </div>
        </Dropdown.Item>
      </Dropdown>
      <CalendarPicker
        visible={calendar}
        selectionMode="range"
        max={lastDay()}
        min={new Date(lastDay().getTime() - 366 * 86400e3)}
        confirmText={t('common.confirm')}
        onClose={() => setCalendar(false)}
        onMaskClick={() => setCalendar(false)}
        onConfirm={(range) => {
          setCalendar(false);
          ref.current?.close();
          if (range) onChange({ ...value, startDate: day(range[0]), endDate: day(range[1]) });
        }}
      />
    </>
  );
}
