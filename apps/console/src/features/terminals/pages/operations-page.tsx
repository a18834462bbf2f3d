import type { ProColumns } from '@ant-design/pro-components';
import { adminOperateTypeOptions, operateStatusOptions, type AdminOperation } from '@pos/core';
import { Tag } from 'antd';
import { KeysetTable } from '@/components/keyset-table';
import { useI18n } from '@/lib/i18n';

/** Every terminal operation in every tree (allocations, transfers, recalls, binds, the platform's). */
export default function OperationsPage() {
  const { lang, L } = useI18n();
  const typeEnum = Object.fromEntries(
    adminOperateTypeOptions.map((o) => [o.value, { text: o[lang] }]),
  );
  const statusEnum = Object.fromEntries(
    operateStatusOptions.map((o) => [o.value, { text: o[lang] }]),
  );
  const columns: ProColumns<AdminOperation>[] = [
    { title: 'ID', dataIndex: 'id', search: false, sorter: true },
    { title: L('类型'), dataIndex: 'type', valueType: 'select', valueEnum: typeEnum },
    {
      title: L('状态'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: statusEnum,
      render: (_, r) => (
        <Tag color={r.status === 1 ? 'green' : r.status === 2 ? 'red' : 'gold'}>
          {statusEnum[r.status]?.text}
        </Tag>
      ),
    },
    { title: 'SN', dataIndex: 'sn', hideInTable: true },
    { title: L('代理商手机号或邀请码'), dataIndex: 'agent', hideInTable: true },
    {
      title: L('从'),
      dataIndex: 'from',
      valueType: 'date',
      hideInTable: true,
      fieldProps: { format: 'YYYY-MM-DD' },
    },
    {
      title: L('至'),
      dataIndex: 'to',
      valueType: 'date',
      hideInTable: true,
      fieldProps: { format: 'YYYY-MM-DD' },
    },
    { title: L('操作人'), dataIndex: 'operatorName', search: false },
    { title: L('转出方'), dataIndex: 'fromAgentName', search: false },
    { title: L('接收方'), dataIndex: 'toAgentName', search: false },
    { title: L('商户'), dataIndex: 'merchantName', search: false },
    { title: L('数量'), dataIndex: 'count', search: false },
    {
      title: L('首尾SN'),
      dataIndex: 'firstSn',
      search: false,
      render: (_, r) =>
        r.firstSn && r.lastSn && r.firstSn !== r.lastSn
          ? `${r.firstSn} … ${r.lastSn}`
          : (r.firstSn ?? ''),
    },
    { title: L('原因'), dataIndex: 'reason', search: false, ellipsis: true },
    { title: L('处理意见'), dataIndex: 'decisionReason', search: false, ellipsis: true },
    { title: L('时间'), dataIndex: 'createdAt', valueType: 'dateTime', search: false },
  ];
  return (
    <KeysetTable<AdminOperation>
      headerTitle={L('终端操作记录')}
      path="/terminals/operations"
      rowKey="id"
      fileName="terminal-operations"
      columns={columns}
    />
  );
}
