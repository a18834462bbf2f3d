import { formatDate } from '@pos/core';
import { App, Card, Input, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useAuth } from '@/app/auth';
import { useI18n } from '@/lib/i18n';
import { reviewState } from '@/lib/four-eyes';
import { withZone } from '@/lib/time-zone';

/**
 * Four eyes in the console: one operator proposes a change, a second, independent one approves or
 * rejects it (channels, tax channels, providers' keys, adjustments, false activations). The
 * proposals' table, the approve/reject links and the dialog that asks before deciding are written
 * once here, so every page says the same things in the same places.
 */

/** A proposal as the server lists it. */
export interface ProposedChange {
  id: number;
  status: number;
  proposedBy: number;
  proposer: string;
  decider: string | null;
  reason: string | null;
  createdAt: string;
}

/** A proposal's state: 0 waiting for the second operator, 1 approved (applied), 2 rejected. */
export const CHANGE_STATUS = ['待复核', '已生效', '已驳回'] as const;
export const CHANGE_COLORS = ['gold', 'green', 'default'] as const;

/** Who the second pair of eyes must be. */
export type Reviewer = 'operator' | 'superAdmin';

interface ReviewActionsProps {
  /** The proposal still waits for a decision. */
  pending: boolean;
  /** The viewer's role may decide such proposals. */
  allowed: boolean;
  /** The operator who made the proposal: they may not decide it. */
  proposedBy: number | null | undefined;
  onDecide: (approve: boolean) => void;
  approveTestId?: string;
  rejectTestId?: string;
  waitingTestId?: string;
  /** The approve link's words when not 通过 (批准发布). */
  approveText?: string;
  reviewer?: Reviewer;
}

/**
 * Approve and reject for a pending proposal; for its proposer a muted note instead, saying that a
 * second operator must decide (the reason on hover); nothing for a viewer whose role does not
 * decide.
 */
export function ReviewActions(p: ReviewActionsProps) {
  const { L } = useI18n();
  const { me } = useAuth();
  const state = reviewState(p, me?.operator.id);
  if (state === 'none') return null;
  if (state === 'own')
    return (
      <Tooltip
        title={
          p.reviewer === 'superAdmin'
            ? L('须另一位超级管理员复核：发起人不能复核自己的变更。')
            : L('须另一位操作员复核：发起人不能复核自己的变更。')
        }
      >
        <Typography.Text type="secondary" data-testid={p.waitingTestId}>
          {p.reviewer === 'superAdmin' ? L('等待另一位超级管理员批准') : L('等待另一位操作员批准')}
        </Typography.Text>
      </Tooltip>
    );
  return (
    <Space>
      <a onClick={() => p.onDecide(true)} data-testid={p.approveTestId}>
        {p.approveText ?? L('通过')}
      </a>
      <a onClick={() => p.onDecide(false)} data-testid={p.rejectTestId}>
        {L('驳回')}
      </a>
    </Space>
  );
}

export interface DecideDialog {
  title: string;
  /** What is decided, in words, above the reason box. */
  content?: ReactNode;
  /** Ask for the reason (a rejection). */
  askReason: boolean;
  reasonTestId?: string;
  /** The dialog's own test id (around its content). */
  contentTestId?: string;
  okTestId: string;
  width?: number;
  /** The call, with the reason typed (undefined when none); nothing is sent before OK. */
  run: (reason: string | undefined) => Promise<unknown>;
  /** The success toast. */
  done?: string;
  /** After success (reload the list). */
  after: () => unknown;
}

/** The question before approving or rejecting a proposal; a rejection asks its reason. */
export function useDecideDialog() {
  const { t } = useI18n();
  const { modal, message } = App.useApp();
  return (d: DecideDialog) => {
    let reason = '';
    modal.confirm({
      title: d.title,
      width: d.width,
      content: (
        <div data-testid={d.contentTestId}>
          {d.content}
          {d.askReason ? (
            <Input.TextArea
              placeholder={t('reason')}
              onChange={(e) => (reason = e.target.value)}
              data-testid={d.reasonTestId}
            />
          ) : null}
        </div>
      ),
      okButtonProps: { 'data-testid': d.okTestId } as Record<string, string>,
      onOk: async () => {
        await d.run(reason || undefined);
        if (d.done) void message.success(d.done);
        await d.after();
      },
    });
  };
}

interface ChangesTableProps<C extends ProposedChange> {
  /** The card's title: 通道变更, 密钥变更… */
  title: string;
  rows: C[];
  loading?: boolean;
  emptyText?: string;
  /** What the proposal is about (a channel's code, a provider), after its number. */
  subject: { title: string; render: (c: C) => ReactNode; width?: number };
  /** What the proposal changes, in words. */
  content: (c: C) => ReactNode;
  /** The states' words in Chinese, when 1 is not 已生效 (keys: 已批准). */
  statusWords?: readonly string[];
  /** The viewer's role decides such proposals. */
  allowed: boolean;
  onDecide: (c: C, approve: boolean) => void;
  approveTestId: (c: C) => string;
  rejectTestId?: (c: C) => string;
  reviewer?: Reviewer;
  /** Small rows and fixed column widths (a card among others on a settings page). */
  compact?: boolean;
  testId?: string;
}

/** The proposals of one kind: who proposed what and when, its state, who decided and why. */
export function ChangesTable<C extends ProposedChange>(p: ChangesTableProps<C>) {
  const { t, L, lang } = useI18n();
  const words = p.statusWords ?? CHANGE_STATUS;
  const w = (width: number) => (p.compact ? width : undefined);
  const columns: ColumnsType<C> = [
    { title: 'ID', dataIndex: 'id', width: w(70) },
    { title: p.subject.title, render: (_, c) => p.subject.render(c), width: p.subject.width },
    { title: L('变更内容'), render: (_, c) => p.content(c) },
    {
      title: t('status'),
      width: w(90),
      render: (_, c) => <Tag color={CHANGE_COLORS[c.status]}>{L(words[c.status]!)}</Tag>,
    },
    { title: L('发起人'), dataIndex: 'proposer', width: w(120) },
    { title: L('复核人'), dataIndex: 'decider', width: w(120) },
    { title: t('reason'), dataIndex: 'reason' },
    {
      title: withZone(t('createdAt'), lang),
      width: w(170),
      render: (_, c) => formatDate(c.createdAt, 'yyyy-mm-dd hh:MM:ss'),
    },
    {
      title: t('actions'),
      width: w(110),
      render: (_, c) => (
        <ReviewActions
          pending={c.status === 0}
          allowed={p.allowed}
          proposedBy={c.proposedBy}
          onDecide={(approve) => p.onDecide(c, approve)}
          approveTestId={p.approveTestId(c)}
          rejectTestId={p.rejectTestId?.(c)}
          reviewer={p.reviewer}
        />
      ),
    },
  ];
  return (
    <Card title={p.title}>
      <Table<C>
        size={p.compact ? 'small' : undefined}
        rowKey="id"
        loading={p.loading}
        dataSource={p.rows}
        pagination={false}
        locale={p.emptyText ? { emptyText: p.emptyText } : undefined}
        data-testid={p.testId}
        columns={columns}
      />
    </Card>
  );
}
