import type { ProColumns } from '@ant-design/pro-components';
import type { AdminTxn } from '@pos/core';
import { Tag } from 'antd';
import { KeysetTable } from '@/components/keyset-table';
import { yuan } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

/** Transactions by SN, the acquirer's id or merchant number; or only the flagged ones. */
export default function TransactionsPage() {
  const { t, L } = useI18n();
  const columns: ProColumns<AdminTxn>[] = [
    { title: 'SN', dataIndex: 'sn' },
    { title: L('收单交易号'), dataIndex: 'acquirerTxnId' },
    { title: L('商户号'), dataIndex: 'merchantNo', hideInTable: true },
    {
      title: L('只看异常'),
      dataIndex: 'flagged',
      hideInTable: true,
      valueType: 'select',
      valueEnum: { true: { text: t('yes') } },
    },
    { title: L('商户'), dataIndex: 'merchantName', search: false },
    { title: t('agent'), dataIndex: 'agentName', search: false },
    {
      title: t('amount'),
      dataIndex: 'amountFen',
      search: false,
      render: (_, r) => yuan(r.amountFen),
    },
    {
      title: t('status'),
      dataIndex: 'status',
      search: false,
      render: (_, r) => L(r.status === 1 ? '成功' : '失败'),
    },
    {
      title: L('异常'),
      dataIndex: 'flag',
      search: false,
      render: (_, r) => (r.flag ? <Tag color="red">{r.flag}</Tag> : ''),
    },
    {
      title: t('createdAt'),
      dataIndex: 'tradeTime',
      valueType: 'dateTime',
      search: false,
      sorter: true,
    },
  ];
  return (
    <KeysetTable<AdminTxn>
      headerTitle={t('transactionsMenu')}
      path="/transactions"
      rowKey="id"
      fileName="transactions"
      columns={columns}
      baseParams={{ sort: 'tradeTime' }}
      manualRequest
    />
  );
}
