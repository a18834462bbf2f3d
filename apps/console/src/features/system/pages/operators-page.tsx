import {
  ModalForm,
  ProFormSelect,
  ProFormText,
  ProTable,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import {
  ROLES,
  roleLabels,
  type AdminOperatorRow,
  type CreateOperatorRequest,
  type Role,
} from '@pos/core';
import { App, Button, Popconfirm, Tag } from 'antd';
import { useRef, useState } from 'react';
import { api } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

/** Operators and their roles (super admin only). */
export default function OperatorsPage() {
  const { t, L, lang } = useI18n();
  const { message } = App.useApp();
  const ref = useRef<ActionType | undefined>(undefined);
  const [creating, setCreating] = useState(false);
  const act = async (path: string, id: number) => {
    await api(path, { body: { id } });
    void message.success('✓');
    void ref.current?.reload();
  };
  const columns: ProColumns<AdminOperatorRow>[] = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('username'), dataIndex: 'username' },
    { title: L('姓名'), dataIndex: 'name' },
    {
      title: L('角色'),
      dataIndex: 'role',
      render: (_, r) => roleLabels[r.role as Role]?.[lang] ?? r.role,
    },
    {
      title: t('status'),
      dataIndex: 'status',
      render: (_, r) => (
        <Tag color={r.status ? 'red' : 'green'}>{L(r.status ? '停用' : '正常')}</Tag>
      ),
    },
    { title: 'TOTP', dataIndex: 'totpEnrolled', render: (_, r) => (r.totpEnrolled ? '✓' : '—') },
    { title: t('createdAt'), dataIndex: 'lastLoginAt', valueType: 'dateTime' },
    {
      title: t('actions'),
      valueType: 'option',
      render: (_, r) => [
        r.status === 0 ? (
          <a key="d" onClick={() => void act('/operators/disable', r.id)}>
            {t('disable')}
          </a>
        ) : (
          <a key="e" onClick={() => void act('/operators/enable', r.id)}>
            {t('enable')}
          </a>
        ),
        <Popconfirm
          key="t"
          title="Reset TOTP?"
          onConfirm={() => void act('/operators/reset-totp', r.id)}
        >
          <a>Reset TOTP</a>
        </Popconfirm>,
      ],
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
        columns={columns}
        request={async () => ({ data: await api<AdminOperatorRow[]>('/operators'), success: true })}
        toolBarRender={() => [
          <Button key="n" type="primary" onClick={() => setCreating(true)}>
            {t('create')}
          </Button>,
        ]}
      />
      <ModalForm<CreateOperatorRequest>
        title={t('create')}
        open={creating}
        modalProps={{ destroyOnHidden: true, onCancel: () => setCreating(false) }}
        onFinish={async (v) => {
          await api('/operators/create', { body: v });
          setCreating(false);
          void ref.current?.reload();
          return true;
        }}
      >
        <ProFormText name="username" label={t('username')} rules={[{ required: true }]} />
        <ProFormText name="name" label={L('姓名')} rules={[{ required: true }]} />
        <ProFormSelect
          name="role"
          label={L('角色')}
          rules={[{ required: true }]}
          options={ROLES.map((r) => ({ value: r, label: roleLabels[r][lang] }))}
        />
        <ProFormText.Password name="password" label={t('password')} rules={[{ required: true }]} />
      </ModalForm>
    </>
  );
}
