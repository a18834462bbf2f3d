import type { ProColumns } from '@ant-design/pro-components';
import { roleLabels, type AuditRecord, type Role } from '@pos/core';
import { KeysetTable } from '@/components/keyset-table';
import { useI18n } from '@/lib/i18n';

const json = (v: unknown) => (v == null ? '' : JSON.stringify(v));

export default function AuditPage() {
  const { t, lang, L } = useI18n();
  const columns: ProColumns<AuditRecord>[] = [
    {
      title: t('createdAt'),
      dataIndex: 'createdAt',
      valueType: 'dateTime',
      search: false,
      sorter: true,
    },
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
    { title: L('操作人ID'), dataIndex: 'operatorId', hideInTable: true },
    {
      title: L('角色'),
      dataIndex: 'role',
      search: false,
      render: (_, r) => roleLabels[r.role as Role]?.[lang] ?? r.role,
    },
    { title: L('操作'), dataIndex: 'action' },
    { title: L('对象类型'), dataIndex: 'targetType' },
    { title: L('对象'), dataIndex: 'targetId' },
    {
      title: L('变更前'),
      dataIndex: 'before',
      search: false,
      ellipsis: true,
      render: (_, r) => json(r.before),
    },
    {
      title: L('变更后'),
      dataIndex: 'after',
      search: false,
      ellipsis: true,
      render: (_, r) => json(r.after),
    },
    { title: L('地址'), dataIndex: 'ip', search: false },
  ];
  return (
    <KeysetTable<AuditRecord>
      headerTitle={t('audit')}
      path="/audit"
      rowKey="id"
      fileName="audit-log"
      columns={columns}
    />
  );
}
