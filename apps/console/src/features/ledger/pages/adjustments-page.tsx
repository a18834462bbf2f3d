import {
  ModalForm,
  ProForm,
  ProFormDigit,
  ProFormSelect,
  ProFormText,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import { ADJUSTABLE_WALLETS, walletTypeLabel, type Adjustment, type AgentPick } from '@pos/core';
import { App, Button, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useAuth } from '@/app/auth';
import { AgentPicker, AgentWho } from '@/components/agent-picker';
import { CHANGE_COLORS, ReviewActions, useDecideDialog } from '@/components/changes-table';
import { KeysetTable } from '@/components/keyset-table';
import { api, yuan } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { adjustmentProposedText } from '@/lib/review-words';

const STATUS = ['待复核', '已入账', '已驳回'];

/** Maker-checker: one operator proposes, a different one approves before the ledger posts it. */
export default function AdjustmentsPage() {
  const { t, L, lang } = useI18n();
  const { can } = useAuth();
  const { modal, message } = App.useApp();
  const decideDialog = useDecideDialog();
  const ref = useRef<ActionType | undefined>(undefined);
  const [creating, setCreating] = useState(false);
  const [agent, setAgent] = useState<AgentPick | undefined>(undefined);
  /** Asks before proposing: who, which wallet, how much. */
  const colon = lang === 'zh' ? '：' : ': ';
  const confirmCreate = (who: AgentPick, walletType: string, amountFen: number) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: L('确认发起账务调整'),
        width: 520,
        content: (
          <div data-testid="adjust-confirm">
            <p>
              {L('代理商')}
              {colon}
              <AgentWho agent={who} />
            </p>
            <p>
              {L('钱包')}
              {colon}
              {walletTypeLabel(walletType, lang)}
            </p>
            <p>
              {amountFen < 0 ? L('扣减') : L('增加')}
              {colon}
              {yuan(Math.abs(amountFen))} {L('元')}
            </p>
            <p>{L('提交后须另一位操作员复核通过才入账。')}</p>
          </div>
        ),
        okButtonProps: { 'data-testid': 'confirm-adjust' } as Record<string, string>,
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  const decide = (r: Adjustment, approve: boolean) =>
    decideDialog({
      title: `${approve ? L('通过') : L('驳回')} #${r.id}：${r.agentName} · ${walletTypeLabel(r.walletType, lang)} ${yuan(r.amountFen)}`,
      askReason: !approve,
      okTestId: 'confirm-decide',
      run: (reason) => api('/adjustments/decide', { body: { id: r.id, approve, reason } }),
      after: () => void ref.current?.reload(),
    });
  const columns: ProColumns<Adjustment>[] = [
    { title: 'ID', dataIndex: 'id', search: false },
    {
      title: t('agent'),
      dataIndex: 'agentName',
      search: false,
      render: (_, r) => `${r.agentName} (#${r.agentId})`,
    },
    {
      title: L('钱包'),
      dataIndex: 'walletType',
      search: false,
      render: (_, r) => walletTypeLabel(r.walletType, lang),
    },
    {
      title: t('amount'),
      dataIndex: 'amountFen',
      search: false,
      render: (_, r) => yuan(r.amountFen),
    },
    { title: t('reason'), dataIndex: 'reason', search: false },
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
        <Tag color={CHANGE_COLORS[r.status]} data-testid={`adj-status-${r.id}`}>
          {L(STATUS[r.status]!)}
        </Tag>
      ),
    },
    { title: L('发起人'), dataIndex: 'makerName', search: false },
    { title: L('复核人'), dataIndex: 'checkerName', search: false },
    { title: t('createdAt'), dataIndex: 'createdAt', valueType: 'dateTime', search: false },
    {
      title: t('actions'),
      valueType: 'option',
      render: (_, r) => (
        <ReviewActions
          pending={r.status === 0}
          allowed={can('ledger:approve')}
          proposedBy={r.makerId}
          onDecide={(approve) => decide(r, approve)}
          approveTestId={`approve-${r.id}`}
        />
      ),
    },
  ];
  return (
    <>
      <KeysetTable<Adjustment>
        actionRef={ref}
        headerTitle={t('adjustments')}
        path="/adjustments"
        rowKey="id"
        fileName="adjustments"
        columns={columns}
        toolbar={() =>
          can('ledger:adjust')
            ? [
                <Button
                  key="n"
                  type="primary"
                  onClick={() => setCreating(true)}
                  data-testid="new-adjustment"
                >
                  {t('newAdjustment')}
                </Button>,
              ]
            : []
        }
      />
      <ModalForm<{ agentId: number; walletType: string; amountYuan: number; reason: string }>
        title={t('newAdjustment')}
        open={creating}
        modalProps={{ destroyOnHidden: true, onCancel: () => setCreating(false) }}
        onFinish={async (v) => {
          const amountFen = Math.round(v.amountYuan * 100);
          if (!agent || agent.id !== v.agentId) return false;
          if (!(await confirmCreate(agent, v.walletType, amountFen))) return false;
          const created = await api<{ id: number }>('/adjustments/create', {
            body: {
              agentId: v.agentId,
              walletType: v.walletType,
              amountFen,
              reason: v.reason,
            },
          });
          void message.success(
            adjustmentProposedText(
              {
                id: created.id,
                agentName: agent.name,
                walletText: walletTypeLabel(v.walletType, lang),
                amountFen,
              },
              lang,
            ),
          );
          setCreating(false);
          void ref.current?.reload();
          return true;
        }}
      >
        <ProForm.Item
          name="agentId"
          label={L('代理商')}
          rules={[{ required: true, message: L('请选择代理商') }]}
        >
          <AgentPicker id="adj-agent" data-testid="adj-agent" onPick={setAgent} />
        </ProForm.Item>
        <ProFormSelect
          name="walletType"
          label={L('钱包')}
          initialValue="reward"
          options={ADJUSTABLE_WALLETS.map((w) => ({ label: walletTypeLabel(w, lang), value: w }))}
        />
        <ProFormDigit
          name="amountYuan"
          label={L('金额（元，负数为扣减）')}
          min={-1000000}
          max={1000000}
          rules={[{ required: true }]}
          fieldProps={{ precision: 2, id: 'adj-amount' }}
        />
        <ProFormText
          name="reason"
          label={t('reason')}
          rules={[{ required: true }]}
          fieldProps={{ id: 'adj-reason' }}
        />
      </ModalForm>
    </>
  );
}
