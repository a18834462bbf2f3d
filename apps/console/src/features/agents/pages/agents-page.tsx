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

export default function AgentsPage() {
  const { t, L, lang } = useI18n();
  const { can } = useAuth();
  const { modal, message } = App.useApp();
  const ref = useRef<ActionType | undefined>(undefined);
  const [detail, setDetail] = useState<AdminAgentDetail | null>(null);
  const [creating, setCreating] = useState(false);
  const open = async (id: number) =>
    setDetail(await api<AdminAgentDetail>(`/agents/detail?id=${id}`));
  const act = async (path: string, id: number) => {
    const r = await api<{ initialPassword?: string } | null>(path, { body: { id } });
    if (r?.initialPassword)
      modal.success({ title: t('resetPassword'), content: r.initialPassword });
    else void message.success('✓');
    void ref.current?.reload();
    if (detail) await open(id);
  };
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
                  <Button danger onClick={() => void act('/agents/disable', detail.agent.id)}>
                    {t('disable')}
                  </Button>
                ) : (
                  <Button onClick={() => void act('/agents/enable', detail.agent.id)}>
                    {t('enable')}
                  </Button>
                )}
                <Button onClick={() => void act('/agents/reset-password', detail.agent.id)}>
                  {t('resetPassword')}
                </Button>
                <Button
                  onClick={async () => {
                    await api('/agents/update', {
                      body: {
                        id: detail.agent.id,
                        isSpecificAccount: !detail.agent.isSpecificAccount,
                      },
                    });
                    await open(detail.agent.id);
                  }}
                >
                  {L('特殊账户')}：{detail.agent.isSpecificAccount ? t('yes') : t('no')}
                </Button>
                <InputNumber
                  addonBefore={t('level')}
                  min={1}
                  max={99}
                  precision={0}
                  defaultValue={detail.agent.level}
                  key={`level-${detail.agent.id}-${detail.agent.level}`}
                  onPressEnter={async (e) => {
                    const level = Number((e.target as HTMLInputElement).value);
                    await api('/agents/update', { body: { id: detail.agent.id, level } });
                    void message.success('✓');
                    await open(detail.agent.id);
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
