import {
  ModalForm,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
  ProTable,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import {
  ROLES,
  roleLabels,
  type AdminOperatorRow,
  type CreateOperatorRequest,
  type OperatorChangeDecision,
  type OperatorChangeKind,
  type OperatorChangeRow,
  type Role,
} from '@pos/core';
import { App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useAuth } from '@/app/auth';
import { consoleColumns } from '@/components/keyset-table';
import { api } from '@/lib/api';
import { useI18n, type Lang } from '@/lib/i18n';
import { totalText } from '@/lib/review-words';

/** This page's own texts in both languages. */
const TEXT = {
  proposed: {
    zh: '已提交，待另一位超级管理员批准',
    en: 'Proposed: waiting for another super admin to approve',
  },
  changes: { zh: '待批准的操作员变更', en: 'Operator changes awaiting approval' },
  changeRole: { zh: '变更角色', en: 'Change role' },
  resetTotp: { zh: '重置动态验证码', en: 'Reset TOTP' },
  disableConfirm: {
    zh: '立即停用该操作员并结束其会话？重新启用需另一位超级管理员批准。',
    en: "Disable this operator now and end its sessions? Enabling it again needs another super admin's approval.",
  },
  enableConfirm: {
    zh: '提交启用申请？另一位超级管理员批准后，该操作员恢复其角色的全部权限。',
    en: "Propose enabling it? Once another super admin approves, the operator gets its role's permissions back.",
  },
  resetConfirm: {
    zh: '提交重置申请？批准后其身份验证器和密码均被清除，批准人获得一次性临时密码；其下次登录须先设新密码，再绑定身份验证器。',
    en: 'Propose a reset? Once approved, its authenticator and password are cleared and the approver gets a one-time temporary password; its next sign-in sets a new password, then enrols an authenticator.',
  },
  newRole: { zh: '新角色', en: 'New role' },
  kind: { zh: '变更', en: 'Change' },
  detail: { zh: '内容', en: 'Detail' },
  proposer: { zh: '提议人', en: 'Proposed by' },
  decider: { zh: '处理人', en: 'Decided by' },
  waiting: { zh: '等待另一位超级管理员批准', en: 'Waiting for another super admin' },
  aboutYou: { zh: '与你有关，须由他人处理', en: 'About you: another super admin decides' },
  approve: { zh: '批准', en: 'Approve' },
  reject: { zh: '驳回', en: 'Reject' },
  rejectTitle: { zh: '驳回变更', en: 'Reject the change' },
  reason: { zh: '驳回原因', en: 'Reason' },
  pending: { zh: '待批准', en: 'Pending' },
  approved: { zh: '已批准', en: 'Approved' },
  rejected: { zh: '已驳回', en: 'Rejected' },
  tempTitle: { zh: '临时密码（只显示这一次）', en: 'Temporary password (shown this once)' },
  tempBody: {
    zh: '请当面或通过可靠渠道交给该操作员。其首次登录须先设置自己的密码，然后绑定身份验证器。',
    en: 'Hand it to the operator in person or over a trusted channel. Its first sign-in sets its own password, then enrols an authenticator.',
  },
  createHint: {
    zh: '提交后需另一位超级管理员批准；批准人会得到一次性临时密码交给新操作员。',
    en: 'Another super admin must approve; the approver gets a one-time temporary password for the new operator.',
  },
} as const satisfies Record<string, Record<Lang, string>>;

const KIND_TEXT: Record<OperatorChangeKind, Record<Lang, string>> = {
  create: { zh: '创建操作员', en: 'Create operator' },
  role: { zh: '变更角色', en: 'Change role' },
  enable: { zh: '启用操作员', en: 'Enable operator' },
  reset_totp: { zh: '重置动态验证码和密码', en: 'Reset TOTP and password' },
};

/** What approving a change will do, named in the confirmation. */
function approveText(c: OperatorChangeRow, lang: Lang, role: (r: Role | null) => string) {
  const who = `${c.name}（${c.username}）`;
  if (lang === 'en') {
    if (c.kind === 'create')
      return `Create ${who} as ${role(c.role)}? You will get its temporary password once.`;
    if (c.kind === 'role') return `Change ${who} from ${role(c.fromRole)} to ${role(c.role)}?`;
    if (c.kind === 'enable') return `Enable ${who} again with its role's permissions?`;
    return `Clear ${who}'s authenticator and password and end its sessions? You will get its temporary password once.`;
  }
  if (c.kind === 'create')
    return `创建操作员 ${who}，角色为${role(c.role)}？批准后你将获得一次性临时密码。`;
  if (c.kind === 'role') return `将 ${who} 的角色由${role(c.fromRole)}改为${role(c.role)}？`;
  if (c.kind === 'enable') return `重新启用 ${who}，恢复其角色的全部权限？`;
  return `清除 ${who} 的身份验证器和密码并结束其会话？批准后你将获得一次性临时密码。`;
}

/**
 * Operators and their roles (super admin only). Creating one, changing a role, enabling one again
 * and resetting an authenticator are proposals that another super admin approves or rejects
 * below (decision 022); disabling takes effect at once.
 */
export default function OperatorsPage() {
  const { t, L, lang } = useI18n();
  const { me } = useAuth();
  const { message, modal } = App.useApp();
  const ref = useRef<ActionType | undefined>(undefined);
  const changesRef = useRef<ActionType | undefined>(undefined);
  const [creating, setCreating] = useState(false);
  const [roleFor, setRoleFor] = useState<AdminOperatorRow | null>(null);
  const [rejecting, setRejecting] = useState<OperatorChangeRow | null>(null);
  const tx = (k: keyof typeof TEXT) => TEXT[k][lang];
  const roleName = (r: Role | string | null) => (r ? (roleLabels[r as Role]?.[lang] ?? r) : '—');
  const myId = me?.operator.id;

  const reload = () => {
    void ref.current?.reload();
    void changesRef.current?.reload();
  };
  const propose = async (path: string, body: unknown) => {
    await api(path, { body });
    void message.success(tx('proposed'));
    reload();
  };
  const decide = async (c: OperatorChangeRow, approve: boolean, reason?: string) => {
    const r = await api<OperatorChangeDecision>('/operators/changes/decide', {
      body: { id: c.id, approve, ...(reason ? { reason } : {}) },
    });
    reload();
    if (r.tempPassword) {
      modal.info({
        title: `${tx('tempTitle')}: ${r.username}`,
        width: 480,
        content: (
          <Space direction="vertical">
            <Typography.Text copyable code data-testid="temp-password">
              {r.tempPassword}
            </Typography.Text>
            <Typography.Text type="secondary">{tx('tempBody')}</Typography.Text>
          </Space>
        ),
      });
    } else void message.success(`${approve ? L('已批准') : L('已驳回')}：${r.username}`);
  };

  const columns: ProColumns<AdminOperatorRow>[] = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('username'), dataIndex: 'username' },
    { title: L('姓名'), dataIndex: 'name' },
    { title: L('角色'), dataIndex: 'role', render: (_, r) => roleName(r.role) },
    {
      title: t('status'),
      dataIndex: 'status',
      render: (_, r) => (
        <Tag color={r.status ? 'red' : 'green'}>{L(r.status ? '停用' : '正常')}</Tag>
      ),
    },
    { title: 'TOTP', dataIndex: 'totpEnrolled', render: (_, r) => (r.totpEnrolled ? '✓' : '—') },
    { title: L('最近登录'), dataIndex: 'lastLoginAt', valueType: 'dateTime' },
    {
      title: t('actions'),
      valueType: 'option',
      render: (_, r) => [
        r.status === 0 ? (
          <Popconfirm
            key="d"
            title={tx('disableConfirm')}
            onConfirm={() =>
              void api('/operators/disable', { body: { id: r.id } }).then(() => {
                void message.success(`${L('已停用')}：${r.name}（${r.username}）`);
                reload();
              })
            }
          >
            <a>{t('disable')}</a>
          </Popconfirm>
        ) : (
          <Popconfirm
            key="e"
            title={tx('enableConfirm')}
            onConfirm={() => void propose('/operators/enable', { id: r.id })}
          >
            <a>{t('enable')}</a>
          </Popconfirm>
        ),
        <a key="r" onClick={() => setRoleFor(r)}>
          {tx('changeRole')}
        </a>,
        <Popconfirm
          key="t"
          title={tx('resetConfirm')}
          overlayStyle={{ maxWidth: 420 }}
          onConfirm={() => void propose('/operators/reset-totp', { id: r.id })}
        >
          <a>{tx('resetTotp')}</a>
        </Popconfirm>,
      ],
    },
  ];

  const changeColumns: ProColumns<OperatorChangeRow>[] = [
    { title: 'ID', dataIndex: 'id' },
    { title: tx('kind'), dataIndex: 'kind', render: (_, c) => KIND_TEXT[c.kind][lang] },
    {
      title: tx('detail'),
      dataIndex: 'username',
      render: (_, c) =>
        `${c.name}（${c.username}）${
          c.kind === 'create'
            ? ` · ${roleName(c.role)}`
            : c.kind === 'role'
              ? ` · ${roleName(c.fromRole)} → ${roleName(c.role)}`
              : ''
        }`,
    },
    { title: tx('proposer'), dataIndex: 'proposedByName' },
    { title: t('createdAt'), dataIndex: 'createdAt', valueType: 'dateTime' },
    {
      title: t('status'),
      dataIndex: 'status',
      render: (_, c) =>
        c.status === 0 ? (
          <Tag color="gold">{tx('pending')}</Tag>
        ) : (
          <Tag color={c.status === 1 ? 'green' : 'red'}>
            {tx(c.status === 1 ? 'approved' : 'rejected')}
            {c.decidedByName ? ` · ${c.decidedByName}` : ''}
          </Tag>
        ),
    },
    {
      title: t('actions'),
      valueType: 'option',
      render: (_, c) => {
        if (c.status !== 0) return c.decisionReason ?? null;
        if (c.proposedBy === myId)
          return <Tag data-testid={`change-waiting-${c.id}`}>{tx('waiting')}</Tag>;
        if (c.operatorId === myId) return <Tag>{tx('aboutYou')}</Tag>;
        return [
          <Popconfirm
            key="a"
            title={approveText(c, lang, roleName)}
            overlayStyle={{ maxWidth: 420 }}
            onConfirm={() => void decide(c, true)}
          >
            <a data-testid={`change-approve-${c.id}`}>{tx('approve')}</a>
          </Popconfirm>,
          <a key="r" onClick={() => setRejecting(c)}>
            {tx('reject')}
          </a>,
        ];
      },
    },
  ];

  return (
    <>
      <ProTable<AdminOperatorRow>
        actionRef={ref}
        rowKey="id"
        headerTitle={t('operators')}
        search={false}
        pagination={false}
        footer={(rows) => <span data-testid="list-total">{totalText(rows.length, lang)}</span>}
        scroll={{ x: 'max-content' }}
        columns={consoleColumns(columns, lang)}
        request={async () => ({ data: await api<AdminOperatorRow[]>('/operators'), success: true })}
        toolBarRender={() => [
          <Button key="n" type="primary" onClick={() => setCreating(true)}>
            {t('create')}
          </Button>,
        ]}
      />
      <ProTable<OperatorChangeRow>
        actionRef={changesRef}
        rowKey="id"
        headerTitle={tx('changes')}
        search={false}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={consoleColumns(changeColumns, lang)}
        request={async () => ({
          data: await api<OperatorChangeRow[]>('/operators/changes'),
          success: true,
        })}
      />
      <ModalForm<CreateOperatorRequest>
        title={t('create')}
        open={creating}
        modalProps={{ destroyOnHidden: true, onCancel: () => setCreating(false) }}
        onFinish={async (v) => {
          await propose('/operators/create', v);
          setCreating(false);
          return true;
        }}
      >
        <Typography.Paragraph type="secondary">{tx('createHint')}</Typography.Paragraph>
        <ProFormText name="username" label={t('username')} rules={[{ required: true }]} />
        <ProFormText name="name" label={L('姓名')} rules={[{ required: true }]} />
        <ProFormSelect
          name="role"
          label={L('角色')}
          rules={[{ required: true }]}
          options={ROLES.map((r) => ({ value: r, label: roleLabels[r][lang] }))}
        />
      </ModalForm>
      <ModalForm<{ role: Role }>
        title={`${tx('changeRole')}: ${roleFor?.name ?? ''}`}
        open={roleFor !== null}
        modalProps={{ destroyOnHidden: true, onCancel: () => setRoleFor(null) }}
        onFinish={async (v) => {
          await propose('/operators/role', { id: roleFor!.id, role: v.role });
          setRoleFor(null);
          return true;
        }}
      >
        <ProFormSelect
          name="role"
          label={tx('newRole')}
          rules={[{ required: true }]}
          options={ROLES.filter((r) => r !== roleFor?.role).map((r) => ({
            value: r,
            label: roleLabels[r][lang],
          }))}
        />
      </ModalForm>
      <ModalForm<{ reason: string }>
        title={tx('rejectTitle')}
        open={rejecting !== null}
        modalProps={{ destroyOnHidden: true, onCancel: () => setRejecting(null) }}
        onFinish={async (v) => {
          await decide(rejecting!, false, v.reason);
          setRejecting(null);
          return true;
        }}
      >
        <ProFormTextArea
          name="reason"
          label={tx('reason')}
          rules={[{ required: true, max: 200 }]}
        />
      </ModalForm>
    </>
  );
}
