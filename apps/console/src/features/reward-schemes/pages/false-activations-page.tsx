import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { FALSE_ACTIVATION_REASON_LABELS, type FalseActivation } from '@pos/core';
import { App, Input, Radio, Space, Tag } from 'antd';
import { useRef } from 'react';
import { useAuth } from '@/app/auth';
import { CHANGE_COLORS, ReviewActions, useDecideDialog } from '@/components/changes-table';
import { KeysetTable, shanghaiTime } from '@/components/keyset-table';
import { api, yuan } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

const STATUS = ['待审核', '已放行', '已取消'];

/**
 * Activations no qualifying trade made (fee-only or tiny trades): their rewards are held
 * (recorded, not credited) until one operator proposes to release or forfeit them and another
 * approves (four eyes: a release moves money).
 */
export default function FalseActivationsPage() {
  const { t, L, lang } = useI18n();
  const { can } = useAuth();
  const { modal, message } = App.useApp();
  const decideDialog = useDecideDialog();
  const ref = useRef<ActionType | undefined>(undefined);

  const propose = (r: FalseActivation) => {
    let action: 'release' | 'forfeit' = 'release';
    let note = '';
    modal.confirm({
      title: `${L('伪激活审核')} · ${r.sn}`,
      width: 520,
      content: (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="fa-propose">
          <div>
            {L('冻结奖励')}: {yuan(r.heldFen)} {L('元')}
          </div>
          <Radio.Group
            defaultValue="release"
            onChange={(e) => (action = e.target.value as 'release' | 'forfeit')}
            options={[
              { value: 'release', label: L('放行') },
              { value: 'forfeit', label: L('取消奖励') },
            ]}
          />
          <Input.TextArea
            placeholder={L('说明')}
            maxLength={200}
            onChange={(e) => (note = e.target.value)}
            data-testid="fa-note"
          />
          <div>{L('放行后冻结的奖励将由入账任务发放；须另一位操作员复核。')}</div>
        </Space>
      ),
      okButtonProps: { 'data-testid': 'fa-propose-ok' } as Record<string, string>,
      onOk: async () => {
        await api('/false-activations/propose', {
          body: { terminalId: r.terminalId, action, note },
        });
        void message.success(L('已提交复核'));
        void ref.current?.reload();
      },
    });
  };

  const decide = (r: FalseActivation, approve: boolean) => {
    const what = r.proposedAction === 'release' ? L('放行') : L('取消奖励');
    decideDialog({
      title: `${approve ? L('通过') : L('驳回')}: ${what} · ${r.sn}`,
      width: 520,
      contentTestId: 'fa-decide',
      content: (
        <>
          <p>
            {L('冻结奖励')}: {yuan(r.heldFen)} {L('元')}
          </p>
          <p>
            {L('提交人')}: {r.proposedByName} · {r.note}
          </p>
          <p>
            {r.proposedAction === 'release'
              ? L('放行后冻结的奖励将由入账任务发放；须另一位操作员复核。')
              : L('取消后冻结的奖励不再发放；须另一位操作员复核。')}
          </p>
        </>
      ),
      askReason: false,
      okTestId: 'fa-decide-ok',
      run: () => api('/false-activations/decide', { body: { terminalId: r.terminalId, approve } }),
      done: L('已处理'),
      after: () => void ref.current?.reload(),
    });
  };

  const columns: ProColumns<FalseActivation>[] = [
    { title: 'SN', dataIndex: 'sn', search: false },
    {
      title: t('agent'),
      dataIndex: 'agentName',
      search: false,
      render: (_, r) => `${r.agentName} ${r.agentMobile}`,
    },
    {
      title: L('原因'),
      dataIndex: 'reason',
      search: false,
      render: (_, r) => FALSE_ACTIVATION_REASON_LABELS[r.reason][lang],
    },
    {
      title: L('冻结奖励'),
      dataIndex: 'heldFen',
      search: false,
      render: (_, r) => yuan(r.heldFen),
    },
    {
      title: L('激活时间'),
      dataIndex: 'activatedAt',
      search: false,
      render: (_, r) => shanghaiTime(r.activatedAt),
    },
    {
      title: L('标记时间'),
      dataIndex: 'flaggedAt',
      search: false,
      render: (_, r) => shanghaiTime(r.flaggedAt),
    },
    {
      title: t('status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: {
        0: { text: L(STATUS[0]!) },
        1: { text: L(STATUS[1]!) },
        2: { text: L(STATUS[2]!) },
      },
      render: (_, r) => (
        <Space size={4}>
          <Tag color={CHANGE_COLORS[r.status]} data-testid={`fa-status-${r.terminalId}`}>
            {L(STATUS[r.status]!)}
          </Tag>
          {r.status === 0 && r.proposedAction && (
            <Tag color="blue">
              {L('待复核')}: {r.proposedAction === 'release' ? L('放行') : L('取消奖励')}
            </Tag>
          )}
        </Space>
      ),
    },
    { title: L('提交人'), dataIndex: 'proposedByName', search: false },
    { title: L('复核人'), dataIndex: 'decidedByName', search: false },
    {
      title: t('actions'),
      valueType: 'option',
      render: (_, r) => {
        if (r.status !== 0) return [];
        if (!r.proposedAction) {
          return can('ledger:adjust')
            ? [
                <a key="p" onClick={() => propose(r)} data-testid={`fa-propose-${r.terminalId}`}>
                  {L('放行')} / {L('取消奖励')}
                </a>,
              ]
            : [];
        }
        return (
          <ReviewActions
            pending
            allowed={can('ledger:approve')}
            proposedBy={r.proposedBy}
            onDecide={(approve) => decide(r, approve)}
            approveTestId={`fa-approve-${r.terminalId}`}
          />
        );
      },
    },
  ];
  return (
    <KeysetTable<FalseActivation>
      actionRef={ref}
      headerTitle={t('falseActivations')}
      path="/false-activations"
      rowKey="terminalId"
      fileName="false-activations"
      exportable={false}
      columns={columns}
    />
  );
}
