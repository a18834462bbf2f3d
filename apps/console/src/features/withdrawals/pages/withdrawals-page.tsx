import type { ProColumns } from '@ant-design/pro-components';
import { withdrawalStatusOptions, type AdminWithdrawal, type BatchResult } from '@pos/core';
import { App, Button, Input, Modal, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useAuth } from '@/app/auth';
import { KeysetTable, shanghaiTime } from '@/components/keyset-table';
import { api, yuan } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { withZone } from '@/lib/time-zone';

const statusColor = ['gold', 'blue', 'green', 'default', 'red'];

/** Long text cut to its cell, the whole of it on hover (the table fits 1280 without scrolling). */
function Cut({ text, width }: { text: string; width: number }) {
  return (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: width }}>
      {text}
    </Typography.Text>
  );
}

/** Review queue: batch approve / reject with a reason, pay out, retry failed payouts. */
export default function WithdrawalsPage() {
  const { t, lang, L } = useI18n();
  const { can } = useAuth();
  const { message, modal } = App.useApp();
  // The rows being rejected and the table's reload, taken together when the button is pressed
  // (never stored from inside a render: that re-rendered the page for ever and trapped it).
  const [rejecting, setRejecting] = useState<{
    rows: AdminWithdrawal[];
    reload: () => void;
  } | null>(null);
  const [reason, setReason] = useState('');

  const report = (r: BatchResult) => {
    if (r.failed.length === 0) void message.success(`${r.done.length} ✓`);
    else
      modal.warning({
        title: `${r.done.length} ✓ / ${r.failed.length} ✗`,
        content: r.failed.map((f) => `#${f.id} ${f.msg}`).join('\n'),
      });
  };
  const batch = async (path: string, rows: AdminWithdrawal[], reload: () => void) => {
    report(await api<BatchResult>(path, { body: { ids: rows.map((r) => r.id) } }));
    reload();
  };
  /** Money moves only after the operator has seen what: how many, to whom, how much. */
  const confirmBatch = (
    title: string,
    path: string,
    rows: AdminWithdrawal[],
    reload: () => void,
  ) => {
    const total = rows.reduce((sum, r) => sum + r.amountFen, 0);
    const net = rows.reduce((sum, r) => sum + r.netFen, 0);
    modal.confirm({
      title,
      content: (
        <div data-testid="batch-confirm">
          <p>
            {L('笔数')}: {rows.length} · {t('amount')}: {yuan(total)} · {L('到账')}: {yuan(net)}
          </p>
          <ul style={{ maxHeight: 240, overflow: 'auto', paddingLeft: 18 }}>
            {rows.map((r) => (
              <li key={r.id}>
                #{r.id} {r.agentName} {r.agentMobile} · {yuan(r.amountFen)} → {r.bankName}{' '}
                {r.cardMasked}
              </li>
            ))}
          </ul>
        </div>
      ),
      okText: title,
      onOk: () => batch(path, rows, reload),
    });
  };
  const reveal = async (id: number, what: 'card' | 'idCard') => {
    const r = await api<{ value: string }>('/withdrawals/reveal', { body: { id, what } });
    modal.info({ title: what === 'card' ? L('银行卡号') : L('身份证号'), content: r.value });
  };

  const columns: ProColumns<AdminWithdrawal>[] = [
    { title: 'ID', dataIndex: 'id', search: false, sorter: true, width: 56 },
    { title: t('keyword'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries(
        withdrawalStatusOptions.map((o) => [String(o.value), { text: o[lang] }]),
      ),
      width: 100,
      render: (_, r) => (
        <Tag color={statusColor[r.status]} data-testid={`status-${r.id}`}>
          {withdrawalStatusOptions.find((o) => o.value === r.status)?.[lang]}
        </Tag>
      ),
    },
    {
      title: t('agent'),
      dataIndex: 'agentName',
      search: false,
      width: 120,
      render: (_, r) => (
        <>
          <Cut text={r.agentName} width={100} />
          <br />
          <Typography.Text type="secondary">{r.agentMobile}</Typography.Text>
        </>
      ),
    },
    {
      title: `${t('amount')} / ${L('到账')}`,
      dataIndex: 'amountFen',
      search: false,
      sorter: true,
      width: 110,
      render: (_, r) => (
        <>
          {yuan(r.amountFen)}
          <br />
          {/* Fee, VAT and income tax apart, as frozen at request, on hover. */}
          <Tooltip
            title={`${L('手续费')} ${yuan(r.feeFen)} · ${L('增值税')} ${yuan(r.vatFen)} · ${L('个税')} ${yuan(r.pitFen)}${r.taxChannelName ? ` · ${r.taxChannelName}` : ''}`}
          >
            <Typography.Text type="secondary" data-testid={`net-${r.id}`}>
              {L('到账')} {yuan(r.netFen)}
            </Typography.Text>
          </Tooltip>
        </>
      ),
    },
    {
      title: L('收款账户'),
      dataIndex: 'cardMasked',
      search: false,
      width: 170,
      render: (_, r) => (
        <>
          <Cut text={`${r.holderName} ${r.bankName}`} width={146} />
          <br />
          {r.cardMasked}{' '}
          {can('pii:reveal') && <a onClick={() => void reveal(r.id, 'card')}>{t('reveal')}</a>}
          <br />
          <Typography.Text type="secondary">
            {L('身份证')} {r.idCardMasked ?? '-'}{' '}
          </Typography.Text>
          {can('pii:reveal') && r.idCardMasked && (
            <a onClick={() => void reveal(r.id, 'idCard')}>{t('reveal')}</a>
          )}
        </>
      ),
    },
    {
      title: `${t('reason')} / ${L('打款流水')}`,
      dataIndex: 'payoutRef',
      search: false,
      width: 124,
      render: (_, r) =>
        r.reason || r.payoutRef ? (
          <>
            {r.reason && <Cut text={r.reason} width={100} />}
            {r.reason && r.payoutRef && <br />}
            {r.payoutRef && <Cut text={`${L('打款流水')} ${r.payoutRef}`} width={100} />}
          </>
        ) : (
          '-'
        ),
    },
    {
      title: withZone(t('createdAt'), lang),
      dataIndex: 'createdAt',
      search: false,
      width: 100,
      render: (_, r) => {
        const [day, time] = shanghaiTime(r.createdAt).split(' ');
        return (
          <>
            {day}
            <br />
            <Typography.Text type="secondary">{time}</Typography.Text>
          </>
        );
      },
    },
  ];

  return (
    <>
      <KeysetTable<AdminWithdrawal>
        headerTitle={t('withdrawals')}
        path="/withdrawals"
        rowKey="id"
        fileName="withdrawals"
        columns={columns}
        selectable
        toolbar={(selected, reload) => {
          const has = (s: number) => selected.length > 0 && selected.every((r) => r.status === s);
          return [
            can('withdrawal:review') && (
              <Button
                key="ok"
                type="primary"
                disabled={!has(0)}
                onClick={() => confirmBatch(t('approve'), '/withdrawals/approve', selected, reload)}
                data-testid="approve"
              >
                {t('approve')}
              </Button>
            ),
            can('withdrawal:review') && (
              <Button
                key="no"
                danger
                disabled={!has(0)}
                onClick={() => setRejecting({ rows: selected, reload })}
                data-testid="reject"
              >
                {t('reject')}
              </Button>
            ),
            can('withdrawal:pay') && (
              <Button
                key="pay"
                disabled={!has(1)}
                onClick={() => confirmBatch(t('pay'), '/withdrawals/pay', selected, reload)}
                data-testid="pay"
              >
                {t('pay')}
              </Button>
            ),
            can('withdrawal:pay') && (
              <Button
                key="retry"
                disabled={!has(4)}
                onClick={() => confirmBatch(t('retry'), '/withdrawals/retry', selected, reload)}
              >
                {t('retry')}
              </Button>
            ),
          ].filter(Boolean) as React.ReactNode[];
        }}
      />
      <Modal
        open={rejecting !== null}
        title={t('reject')}
        okButtonProps={{ disabled: !reason.trim(), danger: true }}
        onCancel={() => setRejecting(null)}
        onOk={async () => {
          report(
            await api<BatchResult>('/withdrawals/reject', {
              body: { ids: rejecting!.rows.map((r) => r.id), reason },
            }),
          );
          const reload = rejecting!.reload;
          setRejecting(null);
          setReason('');
          reload();
        }}
      >
        <Input.TextArea
          placeholder={t('reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={200}
          data-testid="reject-reason"
        />
      </Modal>
    </>
  );
}
