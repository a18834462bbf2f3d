import { App, Button, Card, Checkbox, Form, Input, Modal, Space, Table, Tabs, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { ChangesTable, useDecideDialog, type ProposedChange } from '@/components/changes-table';
import { api } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

interface KeyView {
  name: string;
  secret: boolean;
  value: string | null;
  source: 'console' | 'environment' | 'unset';
  /** Stored since this process started: read at the next start ('' = removed). */
  nextStart: string | null;
}
interface PartyKeys {
  party: string;
  keys: KeyView[];
}
interface KeyChange extends ProposedChange {
  party: string;
  values: Record<string, string>;
}

const PARTY_NAMES: Record<string, string> = {
  alipay: '支付宝',
  wechatPay: '微信支付',
  sms: '短信',
  identity: '实名核验',
  geocoder: '地理编码',
};
const SOURCES: Record<KeyView['source'], { zh: string; color: string }> = {
  console: { zh: '控制台', color: 'blue' },
  environment: { zh: '环境变量', color: 'default' },
  unset: { zh: '未设置', color: 'orange' },
};
const STATUS = ['待复核', '已批准', '已驳回'];
const isPem = (name: string) => name.endsWith('_PRIVATE_KEY') || name.endsWith('_PUBLIC_KEY');

/**
 * The outside parties' keys (decision 041): each key's value in use (masked) and where it comes
 * from, and what the next start will read. A change is proposed for one party and applied only
 * when another, independent super admin approves it; it is in use from the server's next start.
 */
export function ProviderKeysCard() {
  const { L } = useI18n();
  const { modal, message } = App.useApp();
  const decideDialog = useDecideDialog();
  const [parties, setParties] = useState<PartyKeys[]>([]);
  const [changes, setChanges] = useState<KeyChange[]>([]);
  const [editing, setEditing] = useState<PartyKeys | null>(null);
  const [form] = Form.useForm<Record<string, string | boolean | undefined>>();

  const load = useCallback(async () => {
    setParties(await api<PartyKeys[]>('/system/providers/keys'));
    setChanges(await api<KeyChange[]>('/system/providers/keys/changes'));
  }, []);
  useEffect(() => void load(), [load]);

  const partyName = (p: string) => L(PARTY_NAMES[p] ?? p);

  /** What the operator typed, as the proposal: an empty box keeps, "clear" removes. */
  const proposalOf = (party: PartyKeys, v: Record<string, string | boolean | undefined>) => {
    const values: Record<string, string> = {};
    for (const k of party.keys) {
      const typed = typeof v[k.name] === 'string' ? (v[k.name] as string).trim() : '';
      if (typed) values[k.name] = typed;
      else if (v[`clear:${k.name}`] === true) values[k.name] = '';
    }
    return values;
  };

  const submit = async () => {
    if (!editing) return;
    const values = proposalOf(editing, await form.validateFields());
    const names = Object.keys(values);
    if (names.length === 0) {
      void message.warning(L('请至少修改一项'));
      return;
    }
    modal.confirm({
      title: `${L('提交复核')} · ${partyName(editing.party)}`,
      content: (
        <div data-testid="provider-keys-confirm">
          {names.map((n) => (
            <div key={n}>
              {n}: {values[n] === '' ? L('清除（改用环境变量）') : L('新值（提交后只显示首尾）')}
            </div>
          ))}
          <div style={{ marginTop: 8 }}>
            {L('另一位超级管理员批准后，于服务器下次启动时生效。')}
          </div>
        </div>
      ),
      okButtonProps: { 'data-testid': 'confirm-provider-keys' } as Record<string, string>,
      onOk: async () => {
        const created = await api<{ id: number }>('/system/providers/keys/propose', {
          body: { party: editing.party, values },
        });
        void message.success(`${L('密钥变更已提交复核')} #${created.id}`);
        setEditing(null);
        form.resetFields();
        await load();
      },
    });
  };

  const values = (c: KeyChange) =>
    Object.entries(c.values).map(([n, v]) => (
      <div key={n}>
        {n}: {v === 'removed' ? L('清除（改用环境变量）') : v}
      </div>
    ));
  const decide = (c: KeyChange, approve: boolean) =>
    decideDialog({
      title: `${approve ? L('通过') : L('驳回')} #${c.id} · ${partyName(c.party)}`,
      content: (
        <>
          {values(c)}
          {approve ? (
            <div style={{ marginTop: 8 }}>{L('批准后于服务器下次启动时生效。')}</div>
          ) : null}
        </>
      ),
      askReason: !approve,
      okTestId: 'confirm-provider-keys-decide',
      run: (reason) =>
        api('/system/providers/keys/decide', { body: { id: c.id, approve, reason } }),
      done: approve ? L('密钥变更已批准') : L('密钥变更已驳回'),
      after: load,
    });

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Card title={L('外部服务密钥')} data-testid="provider-keys">
        <Tabs
          items={parties.map((p) => ({
            key: p.party,
            label: partyName(p.party),
            children: (
              <Table<KeyView>
                size="small"
                rowKey="name"
                pagination={false}
                data-testid={`provider-keys-${p.party}`}
                title={() => (
                  <Button
                    size="small"
                    onClick={() => {
                      form.resetFields();
                      setEditing(p);
                    }}
                    data-testid={`propose-keys-${p.party}`}
                  >
                    {L('提出修改')}
                  </Button>
                )}
                dataSource={p.keys}
                columns={[
                  { title: L('变量'), dataIndex: 'name', width: 300 },
                  {
                    title: L('使用中'),
                    render: (_, k) => (
                      <span style={{ wordBreak: 'break-all' }}>{k.value ?? '—'}</span>
                    ),
                  },
                  {
                    title: L('来源'),
                    width: 110,
                    render: (_, k) => (
                      <Tag color={SOURCES[k.source].color}>{L(SOURCES[k.source].zh)}</Tag>
                    ),
                  },
                  {
                    title: L('下次启动'),
                    width: 200,
                    render: (_, k) =>
                      k.nextStart === null ? (
                        '—'
                      ) : (
                        <Tag color="purple">
                          {k.nextStart === '' ? L('清除（改用环境变量）') : k.nextStart}
                        </Tag>
                      ),
                  },
                ]}
              />
            ),
          }))}
        />
      </Card>
      <ChangesTable<KeyChange>
        title={L('密钥变更')}
        rows={changes}
        compact
        testId="provider-key-changes"
        subject={{ title: L('服务'), render: (c) => partyName(c.party), width: 130 }}
        content={(c) => <div>{values(c)}</div>}
        statusWords={STATUS}
        allowed
        reviewer="superAdmin"
        onDecide={decide}
        approveTestId={(c) => `approve-keys-${c.id}`}
      />
      <Modal
        title={editing ? `${L('提出修改')} · ${partyName(editing.party)}` : ''}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        okText={L('提交复核')}
        okButtonProps={{ 'data-testid': 'submit-provider-keys' } as Record<string, string>}
        destroyOnHidden
        width={640}
      >
        <Form form={form} layout="vertical" preserve={false}>
          {editing?.keys.map((k) => (
            <Form.Item
              key={k.name}
              label={
                <Space>
                  <span>{k.name}</span>
                  {k.value ? <Tag>{k.value}</Tag> : null}
                </Space>
              }
            >
              <Space direction="vertical" style={{ width: '100%' }} size={4}>
                <Form.Item name={k.name} noStyle>
                  {isPem(k.name) ? (
                    <Input.TextArea
                      rows={3}
                      placeholder={L('留空则不修改')}
                      data-testid={`key-${k.name}`}
                    />
                  ) : k.secret ? (
                    <Input.Password
                      placeholder={L('留空则不修改')}
                      autoComplete="new-password"
                      data-testid={`key-${k.name}`}
                    />
                  ) : (
                    <Input placeholder={L('留空则不修改')} data-testid={`key-${k.name}`} />
                  )}
                </Form.Item>
                {(k.source === 'console' && k.nextStart !== '') || k.nextStart ? (
                  <Form.Item name={`clear:${k.name}`} valuePropName="checked" noStyle>
                    <Checkbox>{L('清除控制台的值（改用环境变量）')}</Checkbox>
                  </Form.Item>
                ) : null}
              </Space>
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </Space>
  );
}
