import {
  ModalForm,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { App, Button, Card, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '@/app/auth';
import { ChangesTable, useDecideDialog, type ProposedChange } from '@/components/changes-table';
import { api } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { changeSummaryLines } from '../push-reason';

interface ChannelView {
  id: number;
  code: string;
  name: string;
  protocol: string;
  enabled: boolean;
  ipAllow: string[];
  brands: { id: number; name: string }[];
  acquirerPublicKey: string | null;
  platformPrivateKey: string | null;
  secret: string | null;
  updatedAt: string;
}

interface ChangeView extends ProposedChange {
  code: string;
  summary: Record<string, unknown>;
}

interface FormValues {
  code: string;
  name: string;
  protocol: string;
  enabled: boolean;
  ipAllow?: string;
  brandIds?: number[];
  acquirerPublicKey?: string;
  platformPrivateKey?: string;
  secret?: string;
}

/**
 * Acquirer channels: each channel's protocol, brands, IP allow-list and keys (shown masked, never
 * in clear). A change is a proposal; another, independent operator approves it before it applies.
 */
export default function ChannelsPage() {
  const { t, L, lang } = useI18n();
  const { can } = useAuth();
  const { message } = App.useApp();
  const decideDialog = useDecideDialog();
  const [channels, setChannels] = useState<ChannelView[]>([]);
  const [protocols, setProtocols] = useState<string[]>([]);
  const [changes, setChanges] = useState<ChangeView[]>([]);
  const [brands, setBrands] = useState<{ id: number; name: string }[]>([]);
  const [editing, setEditing] = useState<ChannelView | 'new' | null>(null);

  const load = useCallback(async () => {
    const list = await api<{ items: ChannelView[]; protocols: string[] }>('/channels');
    setChannels(list.items);
    setProtocols(list.protocols);
    setChanges(await api<ChangeView[]>('/channels/changes'));
  }, []);
  useEffect(() => {
    void load();
    void api<{ id: number; name: string }[] | { items: { id: number; name: string }[] }>(
      '/brands',
      { quiet: true },
    )
      .then((b) => setBrands(Array.isArray(b) ? b : b.items))
      .catch(() => setBrands([]));
  }, [load]);

  const summary = (c: ChangeView) =>
    changeSummaryLines(c.summary, lang, (id) => brands.find((b) => b.id === id)?.name).map(
      (line) => <div key={line}>{line}</div>,
    );
  const decide = (c: ChangeView, approve: boolean) =>
    decideDialog({
      title: `${approve ? L('通过') : L('驳回')} #${c.id} · ${c.code}`,
      content: summary(c),
      askReason: !approve,
      okTestId: 'confirm-channel-decide',
      run: (reason) => api('/channels/changes/decide', { body: { id: c.id, approve, reason } }),
      done: approve ? L('通道变更已生效') : L('通道变更已驳回'),
      after: load,
    });

  const initial = editing && editing !== 'new' ? editing : null;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Card
        title={t('channels')}
        extra={
          can('channel:manage') ? (
            <Button type="primary" onClick={() => setEditing('new')} data-testid="new-channel">
              {L('新增通道')}
            </Button>
          ) : null
        }
      >
        <Table<ChannelView>
          rowKey="id"
          dataSource={channels}
          pagination={false}
          footer={() => `${L('共')} ${channels.length}`}
          columns={[
            { title: L('通道编码'), dataIndex: 'code' },
            { title: L('名称'), dataIndex: 'name', width: 110 },
            { title: L('协议'), dataIndex: 'protocol' },
            {
              title: L('品牌'),
              render: (_, c) => c.brands.map((b) => <Tag key={b.id}>{b.name}</Tag>),
            },
            {
              title: L('IP白名单'),
              render: (_, c) => (c.ipAllow.length ? c.ipAllow.join(', ') : L('不限')),
            },
            {
              title: L('密钥'),
              render: (_, c) => (
                <span data-testid={`channel-keys-${c.code}`}>
                  {[
                    c.acquirerPublicKey && `${L('通道公钥')} ${c.acquirerPublicKey}`,
                    c.platformPrivateKey && `${L('平台私钥')} ${c.platformPrivateKey}`,
                    c.secret && `${L('共享密钥')} ${c.secret}`,
                  ]
                    .filter(Boolean)
                    .join(' · ') || L('未配置')}
                </span>
              ),
            },
            {
              title: t('status'),
              render: (_, c) =>
                c.enabled ? <Tag color="green">{L('启用')}</Tag> : <Tag>{L('停用')}</Tag>,
            },
            {
              title: t('actions'),
              render: (_, c) =>
                can('channel:manage') ? (
                  <a onClick={() => setEditing(c)} data-testid={`edit-channel-${c.code}`}>
                    {L('修改')}
                  </a>
                ) : null,
            },
          ]}
        />
      </Card>
      <ChangesTable<ChangeView>
        title={L('通道变更')}
        rows={changes}
        subject={{ title: L('通道编码'), render: (c) => c.code }}
        content={(c) => <div>{summary(c)}</div>}
        allowed={can('channel:manage')}
        onDecide={decide}
        approveTestId={(c) => `approve-change-${c.id}`}
      />
      <ModalForm<FormValues>
        key={initial?.code ?? 'new'}
        title={initial ? `${L('修改')} ${initial.code}` : L('新增通道')}
        open={editing !== null}
        modalProps={{ destroyOnHidden: true, onCancel: () => setEditing(null) }}
        initialValues={
          initial
            ? {
                code: initial.code,
                name: initial.name,
                protocol: initial.protocol,
                enabled: initial.enabled,
                ipAllow: initial.ipAllow.join(', '),
                brandIds: initial.brands.map((b) => b.id),
              }
            : { enabled: true }
        }
        onFinish={async (v) => {
          const key = (s: string | undefined) => (s && s.trim() ? s.trim() : undefined);
          const created = await api<{ id: number }>('/channels/propose', {
            body: {
              code: v.code,
              name: v.name,
              protocol: v.protocol,
              enabled: v.enabled,
              ipAllow: (v.ipAllow ?? '')
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean),
              brandIds: v.brandIds ?? [],
              acquirerPublicKey: key(v.acquirerPublicKey),
              platformPrivateKey: key(v.platformPrivateKey),
              secret: key(v.secret),
            },
          });
          void message.success(`${L('通道变更已提交复核')} #${created.id}`);
          setEditing(null);
          await load();
          return true;
        }}
      >
        <ProFormText
          name="code"
          label={L('通道编码')}
          disabled={Boolean(initial)}
          rules={[{ required: true }]}
        />
        <ProFormText name="name" label={L('名称')} rules={[{ required: true }]} />
        <ProFormSelect
          name="protocol"
          label={L('协议')}
          options={protocols.map((p) => ({ value: p, label: p }))}
          rules={[{ required: true }]}
        />
        <ProFormSelect
          name="brandIds"
          label={L('品牌')}
          mode="multiple"
          options={brands.map((b) => ({ value: b.id, label: b.name }))}
        />
        <ProFormText name="ipAllow" label={L('IP白名单')} placeholder="10.0.0.0/8, 203.0.113.7" />
        <ProFormSwitch name="enabled" label={L('启用')} />
        <ProFormTextArea
          name="acquirerPublicKey"
          label={L('通道公钥')}
          placeholder={L('留空则不修改')}
          fieldProps={{ rows: 3 }}
        />
        <ProFormTextArea
          name="platformPrivateKey"
          label={L('平台私钥')}
          placeholder={L('留空则不修改')}
          fieldProps={{ rows: 3 }}
        />
        <ProFormText.Password name="secret" label={L('共享密钥')} placeholder={L('留空则不修改')} />
      </ModalForm>
    </Space>
  );
}
