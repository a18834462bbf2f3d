import type { ProColumns } from '@ant-design/pro-components';
import { ledgerInfoTypeLabel, walletTypeOptions, type StatementLine } from '@pos/core';
import { AgentPicker } from '@/components/agent-picker';
import { KeysetTable } from '@/components/keyset-table';
import { yuan } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

/** One agent's statement for one wallet, paged by keyset, exported as CSV. */
export default function StatementPage() {
  const { t, L, lang } = useI18n();
  const columns: ProColumns<StatementLine>[] = [
    {
      title: L('代理商'),
      dataIndex: 'agentId',
      hideInTable: true,
      formItemProps: { rules: [{ required: true, message: L('请选择代理商') }] },
      renderFormItem: () => <AgentPicker data-testid="statement-agent" />,
    },
    {
      title: L('钱包'),
      dataIndex: 'walletType',
      hideInTable: true,
      valueType: 'select',
      initialValue: 'profit',
      valueEnum: Object.fromEntries(walletTypeOptions.map((o) => [o.value, { text: o[lang] }])),
    },
    { title: 'ID', dataIndex: 'id', search: false },
    {
      title: t('type'),
      dataIndex: 'infoType',
      search: false,
      render: (_, r) => ledgerInfoTypeLabel(r.infoType, lang),
    },
    {
      title: t('amount'),
      dataIndex: 'amountFen',
      search: false,
      render: (_, r) => yuan(r.amountFen),
    },
    { title: L('备注'), dataIndex: 'memo', search: false },
    { title: t('createdAt'), dataIndex: 'createdAt', valueType: 'dateTime', search: false },
  ];
  return (
    <KeysetTable<StatementLine>
      headerTitle={t('statement')}
      path="/ledger/statement"
      rowKey="id"
      fileName="statement"
      columns={columns}
      manualRequest
    />
  );
}
