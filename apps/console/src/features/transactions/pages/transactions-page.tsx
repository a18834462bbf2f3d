import type { ActionType, ProColumns } from '@ant-design/pro-components';
import {
  formatDate,
  transactionStatusOptions,
  txnFlagOptions,
  txnKindOptions,
  type AdminTxn,
  type AttachTxnResult,
} from '@pos/core';
import { App, Form, Input, Tag } from 'antd';
import { useRef } from 'react';
import { useAuth } from '@/app/auth';
import { AgentPicker } from '@/components/agent-picker';
import { KeysetTable } from '@/components/keyset-table';
import { api, ApiError, yuan } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

const ATTACHABLE = ['unknown_terminal', 'unbound_terminal'];

/** Today in Asia/Shanghai (the server's days), YYYY-MM-DD. */
const shanghaiToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());

/**
 * Transactions by China-time days (today at first), an agent's subtree (picked by name), status,
 * SN, the acquirer's id or merchant number; or only the flagged ones. A flagged notification
 * whose terminal was unknown or unbound is attached to its terminal here (the SN corrected when
 * the acquirer's was wrong) and then settles like any other.
 */
export default function TransactionsPage() {
  const { t, L, lang } = useI18n();
  const flagText = (flag: string) => txnFlagOptions.find((o) => o.value === flag)?.[lang] ?? flag;
  const today = shanghaiToday();
  const { can } = useAuth();
  const { modal, message } = App.useApp();
  const ref = useRef<ActionType | undefined>(undefined);
  const [form] = Form.useForm<{ sn: string }>();
  const attach = (r: AdminTxn) => {
    form.setFieldsValue({ sn: r.sn });
    modal.confirm({
      title: `${L('挂接终端')} · ${r.acquirerTxnId}`,
      width: 480,
      content: (
        <Form form={form} layout="vertical" data-testid="attach-form">
          <p>
            {yuan(r.amountFen)} · {r.flag ? flagText(r.flag) : ''}
          </p>
          <Form.Item
            name="sn"
            label={L('挂接到的终端SN')}
            extra={L('终端须已导入并绑定商户；挂接后交易进入结算')}
          >
            <Input data-testid="attach-sn" />
          </Form.Item>
        </Form>
      ),
      onOk: async () => {
        try {
          const done = await api<AttachTxnResult>('/transactions/attach', {
            body: { id: r.id, sn: form.getFieldValue('sn')?.trim() || undefined },
            quiet: true,
          });
          void message.success(
            `${L('已挂接')}：${done.merchantName ?? ''} · ${done.agentName ?? ''}`,
          );
          void ref.current?.reload();
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          if (err.field === 'sn') form.setFields([{ name: 'sn', errors: [err.message] }]);
          else void message.error(err.message);
          throw err;
        }
      },
    });
  };
  const columns: ProColumns<AdminTxn>[] = [
    {
      title: L('交易日期'),
      dataIndex: 'days',
      valueType: 'dateRange',
      hideInTable: true,
      initialValue: [today, today],
      // Two full dates side by side: half a row, also at 1024.
      colSize: 1.5,
      fieldProps: { format: 'YYYY-MM-DD', 'data-testid': 'txn-days' },
      search: { transform: (v: [string, string]) => ({ from: v?.[0], to: v?.[1] }) },
    },
    {
      title: L('代理商（含下级）'),
      dataIndex: 'agentId',
      hideInTable: true,
      colSize: 1.5,
      renderFormItem: () => <AgentPicker data-testid="txn-agent" />,
    },
    {
      title: t('status'),
      dataIndex: 'status',
      hideInTable: true,
      valueType: 'select',
      valueEnum: Object.fromEntries(
        transactionStatusOptions.map((o) => [o.value, { text: o[lang] }]),
      ),
    },
    {
      title: L('交易时间（北京时间）'),
      dataIndex: 'tradeTime',
      search: false,
      width: 170,
      render: (_, r) => formatDate(r.tradeTime, 'yyyy-mm-dd hh:MM:ss'),
    },
    { title: 'SN', dataIndex: 'sn', width: 150 },
    { title: L('收单交易号'), dataIndex: 'acquirerTxnId', ellipsis: true, width: 180 },
    {
      title: t('type'),
      dataIndex: 'kind',
      search: false,
      width: 70,
      render: (_, r) => txnKindOptions.find((o) => o.value === r.kind)?.[lang] ?? r.kind,
    },
    { title: L('商户号'), dataIndex: 'merchantNo', hideInTable: true },
    {
      title: L('只看异常'),
      dataIndex: 'flagged',
      hideInTable: true,
      valueType: 'select',
      valueEnum: { true: { text: t('yes') } },
    },
    { title: L('商户'), dataIndex: 'merchantName', search: false, ellipsis: true, width: 160 },
    {
      title: t('agent'),
      dataIndex: 'agentName',
      search: false,
      ellipsis: true,
      width: 170,
      render: (_, r) => (r.agentName ? `${r.agentName} · ${r.agentMobile ?? ''}` : '-'),
    },
    {
      title: t('amount'),
      dataIndex: 'amountFen',
      search: false,
      render: (_, r) => yuan(r.amountFen),
    },
    {
      title: t('status'),
      dataIndex: 'statusText',
      search: false,
      width: 90,
      render: (_, r) =>
        transactionStatusOptions.find((o) => o.value === r.status)?.[lang] ?? r.status,
    },
    {
      title: L('异常'),
      dataIndex: 'flag',
      search: false,
      render: (_, r) => (r.flag ? <Tag color="red">{flagText(r.flag)}</Tag> : ''),
    },
    {
      title: t('actions'),
      valueType: 'option',
      fixed: 'right',
      width: 100,
      render: (_, r) =>
        can('transaction:attach') && r.flag && ATTACHABLE.includes(r.flag)
          ? [
              <a key="attach" data-testid={`attach-${r.id}`} onClick={() => attach(r)}>
                {L('挂接终端')}
              </a>,
            ]
          : [],
    },
  ];
  return (
    <KeysetTable<AdminTxn>
      actionRef={ref}
      headerTitle={t('transactionsMenu')}
      path="/transactions"
      rowKey="id"
      fileName="transactions"
      columns={columns}
      baseParams={{ sort: 'tradeTime' }}
    />
  );
}
