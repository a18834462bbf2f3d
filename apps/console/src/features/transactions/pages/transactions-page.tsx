import type { ActionType, ProColumns } from '@ant-design/pro-components';
import {
  formatDate,
  transactionStatusOptions,
  txnFlagOptions,
  txnKindOptions,
  type AdminTxn,
  type AttachTxnResult,
} from '@pos/core';
import { App, Descriptions, Drawer, Form, Input, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useAuth } from '@/app/auth';
import { AgentPicker } from '@/components/agent-picker';
import { KeysetTable } from '@/components/keyset-table';
import { api, ApiError, yuan } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { withZone } from '@/lib/time-zone';

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
  const [open, setOpen] = useState<AdminTxn | null>(null);
  const attachable = (r: AdminTxn) =>
    can('transaction:attach') && r.flag !== null && ATTACHABLE.includes(r.flag);
  const statusText = (r: AdminTxn) =>
    transactionStatusOptions.find((o) => o.value === r.status)?.[lang] ?? String(r.status);
  const kindText = (r: AdminTxn) =>
    txnKindOptions.find((o) => o.value === r.kind)?.[lang] ?? String(r.kind);
  const agentText = (r: AdminTxn) =>
    r.agentName ? `${r.agentName} · ${r.agentMobile ?? ''}` : '—';
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
    // Time, amount and status first: what an operator looks for stays on screen at 1024; the
    // longer texts are cut (whole on hover) and the action column is fixed on the right.
    {
      title: withZone(L('交易时间'), lang),
      dataIndex: 'tradeTime',
      search: false,
      width: 170,
      render: (_, r) => formatDate(r.tradeTime, 'yyyy-mm-dd hh:MM:ss'),
    },
    {
      title: t('amount'),
      dataIndex: 'amountFen',
      search: false,
      width: 110,
      align: 'right',
      render: (_, r) => yuan(r.amountFen),
    },
    {
      title: t('status'),
      dataIndex: 'statusText',
      search: false,
      width: 90,
      render: (_, r) => statusText(r),
    },
    {
      title: L('异常'),
      dataIndex: 'flag',
      search: false,
      width: 110,
      render: (_, r) => (r.flag ? <Tag color="red">{flagText(r.flag)}</Tag> : '—'),
    },
    { title: 'SN', dataIndex: 'sn', width: 130, ellipsis: true },
    { title: L('商户'), dataIndex: 'merchantName', search: false, ellipsis: true, width: 150 },
    {
      title: t('agent'),
      dataIndex: 'agentName',
      search: false,
      ellipsis: true,
      width: 160,
      render: (_, r) => agentText(r),
    },
    { title: L('收单交易号'), dataIndex: 'acquirerTxnId', ellipsis: true, width: 170 },
    {
      title: t('type'),
      dataIndex: 'kind',
      search: false,
      width: 80,
      render: (_, r) => kindText(r),
    },
    {
      title: L('手续费'),
      dataIndex: 'feeFen',
      search: false,
      width: 90,
      align: 'right',
      render: (_, r) => (r.feeFen === null ? '—' : yuan(r.feeFen)),
    },
    { title: L('商户号'), dataIndex: 'merchantNo', hideInTable: true },
    {
      title: L('只看异常'),
      dataIndex: 'flagged',
      hideInTable: true,
      valueType: 'select',
      valueEnum: { true: { text: t('yes') } },
    },
    {
      title: t('actions'),
      valueType: 'option',
      fixed: 'right',
      width: 130,
      render: (_, r) => [
        <a key="detail" data-testid={`txn-detail-${r.id}`} onClick={() => setOpen(r)}>
          {L('详情')}
        </a>,
        attachable(r) && (
          <a key="attach" data-testid={`attach-${r.id}`} onClick={() => attach(r)}>
            {L('挂接终端')}
          </a>
        ),
      ],
    },
  ];
  return (
    <>
      <KeysetTable<AdminTxn>
        actionRef={ref}
        headerTitle={t('transactionsMenu')}
        path="/transactions"
        rowKey="id"
        fileName="transactions"
        columns={columns}
        baseParams={{ sort: 'tradeTime' }}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        width={520}
        title={open ? `${L('交易')} · ${open.acquirerTxnId}` : ''}
      >
        {open && (
          <Descriptions column={1} size="small" bordered data-testid="txn-drawer">
            <Descriptions.Item label={withZone(L('交易时间'), lang)}>
              {formatDate(open.tradeTime, 'yyyy-mm-dd hh:MM:ss')}
            </Descriptions.Item>
            <Descriptions.Item label={t('amount')}>{yuan(open.amountFen)}</Descriptions.Item>
            <Descriptions.Item label={L('手续费')}>
              {open.feeFen === null ? '—' : yuan(open.feeFen)}
            </Descriptions.Item>
            <Descriptions.Item label={t('status')}>{statusText(open)}</Descriptions.Item>
            <Descriptions.Item label={L('异常')}>
              {open.flag ? flagText(open.flag) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('type')}>{kindText(open)}</Descriptions.Item>
            <Descriptions.Item label="SN">{open.sn}</Descriptions.Item>
            <Descriptions.Item label={L('商户')}>{open.merchantName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('agent')}>{agentText(open)}</Descriptions.Item>
            <Descriptions.Item label={L('收单交易号')}>{open.acquirerTxnId}</Descriptions.Item>
          </Descriptions>
        )}
      </Drawer>
    </>
  );
}
