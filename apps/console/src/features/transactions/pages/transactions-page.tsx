import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { txnFlagOptions, type AdminTxn, type AttachTxnResult } from '@pos/core';
import { App, Form, Input, Tag } from 'antd';
import { useRef } from 'react';
import { useAuth } from '@/app/auth';
import { KeysetTable } from '@/components/keyset-table';
import { api, ApiError, yuan } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

const ATTACHABLE = ['unknown_terminal', 'unbound_terminal'];

/**
 * Transactions by SN, the acquirer's id or merchant number; or only the flagged ones. A flagged
 * notification whose terminal was unknown or unbound is attached to its terminal here (the SN
 * corrected when the acquirer's was wrong) and then settles like any other.
 */
export default function TransactionsPage() {
  const { t, L, lang } = useI18n();
  const flagText = (flag: string) => txnFlagOptions.find((o) => o.value === flag)?.[lang] ?? flag;
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
      render: (_, r) => (r.flag ? <Tag color="red">{flagText(r.flag)}</Tag> : ''),
    },
    {
      title: t('createdAt'),
      dataIndex: 'tradeTime',
      valueType: 'dateTime',
      search: false,
      sorter: true,
    },
    {
      title: t('actions'),
      valueType: 'option',
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
      manualRequest
    />
  );
}
