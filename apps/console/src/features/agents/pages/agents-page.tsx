import {
  ModalForm,
  ProFormDigit,
  ProFormSwitch,
  ProFormText,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import {
  VALIDATION_MESSAGES,
  walletTypeLabel,
  type AdminAgent,
  type AdminAgentDetail,
  type CreateTopAgentRequest,
} from '@pos/core';
import { App, Button, Descriptions, Drawer, InputNumber, Space, Table, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useAuth } from '@/app/auth';
import { KeysetTable } from '@/components/keyset-table';
import { api, yuan } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { useConfirmAction } from '@/components/confirm-action';

export default function AgentsPage() {
  const { t, L, lang } = useI18n();
  const { can } = useAuth();
  const { modal } = App.useApp();
  const ref = useRef<ActionType | undefined>(undefined);
  const [detail, setDetail] = useState<AdminAgentDetail | null>(null);
  const [creating, setCreating] = useState(false);
  const open = async (id: number) =>
    setDetail(await api<AdminAgentDetail>(`/agents/detail?id=${id}`));
  const confirm = useConfirmAction();
  const refresh = async (id: number) => {
    void ref.current?.reload();
    await open(id);
  };
  /** Who an account action touches, as the confirmation names them. */
  const who = (a: AdminAgent) =>
    `${L('代理商')}：${a.name}（${a.mobile}，${L('邀请码')} ${a.inviteCode}）`;
  const disable = (a: AdminAgent) =>
    confirm({
      title: `${L('停用代理商')} ${a.name}？`,
      lines: [
        who(a),
        L('停用后该代理商立即退出所有设备，不能再登录；其团队、终端和钱包不变，可随时启用。'),
      ],
      okText: t('disable'),
      danger: true,
      run: () => api('/agents/disable', { body: { id: a.id } }),
      done: () => `${L('已停用')}：${a.name}`,
      after: () => refresh(a.id),
    });
  const enable = (a: AdminAgent) =>
    confirm({
      title: `${L('启用代理商')} ${a.name}？`,
      lines: [who(a), L('启用后该代理商可以重新登录。')],
      okText: t('enable'),
      run: () => api('/agents/enable', { body: { id: a.id } }),
      done: () => `${L('已启用')}：${a.name}`,
      after: () => refresh(a.id),
    });
  const resetPassword = (a: AdminAgent) =>
    confirm({
      title: `${L('重置登录密码')}：${a.name}？`,
      lines: [
        who(a),
        L('原密码立即失效，该代理商退出所有设备；新的初始密码只显示一次，首次登录须修改。'),
      ],
      okText: t('resetPassword'),
      danger: true,
      run: () => api<{ initialPassword: string }>('/agents/reset-password', { body: { id: a.id } }),
      done: () => `${L('已重置密码')}：${a.name}`,
      after: async (r) => {
        modal.success({
          title: `${L('初始密码（仅显示一次）')} · ${a.name}`,
          content: <span data-testid="initial-password">{r.initialPassword}</span>,
        });
        await refresh(a.id);
      },
    });
  const toggleSpecific = (a: AdminAgent) =>
    confirm({
      title: a.isSpecificAccount
        ? `${L('取消特殊账户')}：${a.name}？`
        : `${L('设为特殊账户（平台自营）')}：${a.name}？`,
      lines: [
        who(a),
        `${L('特殊账户')}：${a.isSpecificAccount ? t('yes') : t('no')} → ${a.isSpecificAccount ? t('no') : t('yes')}`,
      ],
      okText: L('确认'),
      run: () =>
        api('/agents/update', { body: { id: a.id, isSpecificAccount: !a.isSpecificAccount } }),
      done: () =>
        `${L('已保存')}：${a.name} · ${L('特殊账户')} ${a.isSpecificAccount ? t('no') : t('yes')}`,
      after: () => refresh(a.id),
    });
  const changeLevel = (a: AdminAgent, level: number) =>
    confirm({
      title: `${L('修改等级')}：${a.name}？`,
      lines: [who(a), `${t('level')}：${a.level} → ${level}`],
      okText: L('确认'),
      run: () => api('/agents/update', { body: { id: a.id, level } }),
      done: () => `${L('已保存')}：${a.name} · ${t('level')} ${level}`,
      after: () => refresh(a.id),
    });
  const columns: ProColumns<AdminAgent>[] = [
    { title: 'ID', dataIndex: 'id', search: false },
    {
      title: t('keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: L('姓名/手机号/邀请码') },
    },
    { title: L('姓名'), dataIndex: 'name', search: false },
    { title: L('手机号'), dataIndex: 'mobile', search: false },
    { title: L('邀请码'), dataIndex: 'inviteCode', search: false },
    { title: L('等级'), dataIndex: 'level', search: false },
    { title: L('层级'), dataIndex: 'depth', search: false },
    {
      title: L('仅一级'),
      dataIndex: 'topOnly',
      hideInTable: true,
      valueType: 'select',
      valueEnum: { true: { text: t('yes') } },
    },
    {
      title: t('status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: { 0: { text: L('正常') }, 1: { text: L('停用') } },
      render: (_, r) => (
        <Tag color={r.status ? 'red' : 'green'}>{r.status ? L('停用') : L('正常')}</Tag>
      ),
    },
    {
      title: L('特殊账户'),
      dataIndex: 'isSpecificAccount',
      search: false,
      render: (_, r) => (r.isSpecificAccount ? t('yes') : t('no')),
    },
    {
      title: t('actions'),
      valueType: 'option',
      render: (_, r) => [
        <a key="d" onClick={() => void open(r.id)}>
          {t('detail')}
        </a>,
      ],
    },
  ];
  return (
    <>
      <KeysetTable<AdminAgent>
        actionRef={ref}
        headerTitle={t('agents')}
        path="/agents"
        rowKey="id"
        fileName="agents"
        columns={columns}
        toolbar={() =>
          can('agent:manage')
            ? [
                <Button key="c" type="primary" onClick={() => setCreating(true)}>
                  {t('createTopAgent')}
                </Button>,
              ]
            : []
        }
      />
      <ModalForm<CreateTopAgentRequest>
        title={t('createTopAgent')}
        open={creating}
        modalProps={{ destroyOnHidden: true, onCancel: () => setCreating(false) }}
        initialValues={{ level: 1, isSpecificAccount: false }}
        onFinish={async (v) => {
          const r = await api<{ initialPassword: string }>('/agents/create', { body: v });
          modal.success({ title: L('初始密码（仅显示一次）'), content: r.initialPassword });
          setCreating(false);
          void ref.current?.reload();
          return true;
        }}
      >
        <ProFormText name="name" label={L('姓名')} rules={[{ required: true }]} />
        <ProFormText
          name="mobile"
          label={L('手机号')}
          rules={[
            { required: true, message: L(VALIDATION_MESSAGES.mobileEmpty) },
            { pattern: /^1\d{10}$/, message: L(VALIDATION_MESSAGES.mobileFormat) },
          ]}
        />
        <ProFormDigit
          name="level"
          label={L('等级')}
          min={1}
          max={99}
          fieldProps={{ precision: 0 }}
        />
        <ProFormSwitch name="isSpecificAccount" label={L('特殊账户（平台自营）')} />
      </ModalForm>
      <Drawer
        width={720}
        open={detail !== null}
        onClose={() => setDetail(null)}
        title={detail?.agent.name}
      >
        {detail && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Descriptions bordered size="small" column={2}>
              <Descriptions.Item label={L('手机号')}>{detail.agent.mobile}</Descriptions.Item>
              <Descriptions.Item label={L('邀请码')}>{detail.agent.inviteCode}</Descriptions.Item>
              <Descriptions.Item label={L('上级链')}>
                {detail.chain.map((c) => c.name).join(' › ') || '—'}
              </Descriptions.Item>
              <Descriptions.Item label={L('团队人数')}>{detail.subtreeSize}</Descriptions.Item>
              <Descriptions.Item
                label={L('终端')}
              >{`${detail.terminals.total}（${L('未绑定')} ${detail.terminals.unbound} / ${L('已绑定')} ${detail.terminals.bound} / ${L('已激活')} ${detail.terminals.activated}）`}</Descriptions.Item>
              <Descriptions.Item label={L('商户')}>{detail.merchants}</Descriptions.Item>
              {detail.wallets.map((w) => (
                <Descriptions.Item key={w.walletType} label={walletTypeLabel(w.walletType, lang)}>
                  {yuan(w.balanceFen)}
                </Descriptions.Item>
              ))}
            </Descriptions>
            {can('agent:manage') && (
              <Space>
                {detail.agent.status === 0 ? (
                  <Button danger onClick={() => disable(detail.agent)} data-testid="agent-disable">
                    {t('disable')}
                  </Button>
                ) : (
                  <Button onClick={() => enable(detail.agent)} data-testid="agent-enable">
                    {t('enable')}
                  </Button>
                )}
                <Button
                  onClick={() => resetPassword(detail.agent)}
                  data-testid="agent-reset-password"
                >
                  {t('resetPassword')}
                </Button>
                <Button onClick={() => toggleSpecific(detail.agent)}>
                  {L('特殊账户')}：{detail.agent.isSpecificAccount ? t('yes') : t('no')}
                </Button>
                <InputNumber
                  addonBefore={t('level')}
                  min={1}
                  max={99}
                  precision={0}
                  defaultValue={detail.agent.level}
                  key={`level-${detail.agent.id}-${detail.agent.level}`}
                  onPressEnter={(e) => {
                    const level = Number((e.target as HTMLInputElement).value);
                    if (level !== detail.agent.level) changeLevel(detail.agent, level);
                  }}
                />
              </Space>
            )}
            <Table
              size="small"
              rowKey="id"
              dataSource={detail.children}
              pagination={false}
              columns={[
                { title: L('直属下级'), dataIndex: 'name' },
                { title: L('手机号'), dataIndex: 'mobile' },
                { title: L('等级'), dataIndex: 'level' },
              ]}
              onRow={(r) => ({ onClick: () => void open(r.id) })}
            />
          </Space>
        )}
      </Drawer>
    </>
  );
}
