import { enumLabel, rateValueText } from '@pos/core';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useI18n } from '@/lib/i18n';

/** What a rate row of a policy's product shows in every rates table. */
interface RateRow {
  rateType: number;
  acquirerCost: number | null;
  standardRate: number;
}

/**
 * A policy's rates, one row a rate type: the type, the acquirer's cost (— when none) and the
 * standard rate, each in its unit, then the columns the caller adds (the policies page its range,
 * the root policy's form its inputs).
 */
export function RatesTable<R extends RateRow>({ rows, more }: { rows: R[]; more: ColumnsType<R> }) {
  const { L, lang } = useI18n();
  const columns: ColumnsType<R> = [
    {
      title: L('费率类型'),
      dataIndex: 'rateType',
      render: (v: number) => enumLabel('rate_type', v, lang),
    },
    {
      title: L('收单成本'),
      dataIndex: 'acquirerCost',
      render: (v: number | null, r) => (v === null ? '—' : rateValueText(r.rateType, v, lang)),
    },
    {
      title: L('标准费率'),
      dataIndex: 'standardRate',
      render: (v: number, r) => rateValueText(r.rateType, v, lang),
    },
    ...more,
  ];
  return (
    <Table size="small" pagination={false} rowKey="rateType" dataSource={rows} columns={columns} />
  );
}
