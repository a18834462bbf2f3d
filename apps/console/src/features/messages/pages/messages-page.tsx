import type { ActionType, ProColumns } from '@ant-design/pro-components';
import {
  MESSAGE_EXPIRY_DAYS_MAX,
  messageTypeLabel,
  messageTypeOptions,
  type AdminMessage,
  type AgentPick,
  type MessageAudience,
  type MessageTarget,
  type PublishMessageRequest,
} from '@pos/core';
import {
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { useAuth } from '@/app/auth';
import { AgentPicker, agentShort } from '@/components/agent-picker';
import { KeysetTable } from '@/components/keyset-table';
import { toolbarIf } from '@/components/row-actions';
import { api } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

const TEXTS = {
  publish: { zh: '发布消息', en: 'Publish a message' },
  type: { zh: '类型', en: 'Type' },
  title: { zh: '标题', en: 'Title' },
  body: { zh: '内容', en: 'Body' },
  target: { zh: '接收对象', en: 'Recipients' },
  all: { zh: '全部代理商', en: 'Every agent' },
  agents: { zh: '指定代理商', en: 'Named agents' },
  level: { zh: '按等级', en: 'A level' },
  tree: { zh: '某代理商及其团队', en: 'An agent and its team' },
  addAgent: { zh: '添加代理商', en: 'Add an agent' },
  expiryDays: { zh: '有效天数', en: 'Days shown' },
  important: { zh: '重要（登录后弹窗一次）', en: 'Important (pops up once after sign-in)' },
  recipients: { zh: '接收人数', en: 'Recipients' },
  readCount: { zh: '已读人数', en: 'Read' },
  publishedAt: { zh: '发布时间', en: 'Published' },
  expiresAt: { zh: '过期时间', en: 'Expires' },
  publishedBy: { zh: '发布人', en: 'By' },
  keyword: { zh: '标题关键字', en: 'Title contains' },
  confirm: { zh: '确认发布', en: 'Confirm publishing' },
  published: { zh: '已发布', en: 'Published' },
  yes: { zh: '是', en: 'Yes' },
  required: { zh: '必填', en: 'Required' },
} as const;

interface FormValues {
  type: number;
  title: string;
  body: string;
  target: MessageTarget;
  level?: number;
  treeAgentId?: number;
  expiryDays: number;
  important: boolean;
}

/** How the confirmation names who a message reaches. */
function audienceWords(a: MessageAudience, lang: 'zh' | 'en') {
  const zh = lang === 'zh';
  if (a.target === 'all') return zh ? `全部代理商，共 ${a.count} 人` : `every agent, ${a.count}`;
  if (a.target === 'level')
    return zh
      ? `等级 ${a.level} 的代理商，共 ${a.count} 人`
      : `agents of level ${a.level}, ${a.count}`;
  if (a.target === 'tree')
    return zh
      ? `${a.names[0]} 及其团队，共 ${a.count} 人`
      : `${a.names[0]} and its team, ${a.count} agents`;
  return zh ? `${a.names.join('、')}，共 ${a.count} 人` : `${a.names.join(', ')} (${a.count})`;
}

/**
 * Messages to agents (消息中心): the published list with how many read each, and a form to
 * publish one to everyone, named agents, a level or a tree. Before it goes out the server names
 * who it reaches and the operator confirms.
 */
export default function MessagesPage() {
  const { lang } = useI18n();
  const T = (k: keyof typeof TEXTS) => TEXTS[k][lang];
  const { message, modal } = App.useApp();
  const { can } = useAuth();
  const ref = useRef<ActionType | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<AgentPick[]>([]);
  const [form] = Form.useForm<FormValues>();
  const target = Form.useWatch('target', form);

  const columns: ProColumns<AdminMessage>[] = [
    { title: 'ID', dataIndex: 'id', search: false },
    { title: T('keyword'), dataIndex: 'keyword', hideInTable: true },
    {
      title: T('type'),
      dataIndex: 'type',
      search: false,
      render: (_, r) => messageTypeLabel(r.type, lang),
    },
    {
      title: T('title'),
      dataIndex: 'title',
      search: false,
      render: (_, r) => (
        <Space>
          {r.title}
          {r.important && <Tag color="red">{lang === 'zh' ? '重要' : 'Important'}</Tag>}
        </Space>
      ),
    },
    { title: T('target'), dataIndex: 'audience', search: false, ellipsis: true },
    { title: T('recipients'), dataIndex: 'recipients', search: false },
    { title: T('readCount'), dataIndex: 'readCount', search: false },
    {
      title: T('publishedAt'),
      dataIndex: 'publishedAt',
      valueType: 'dateTime',
      search: false,
      sorter: true,
    },
    { title: T('expiresAt'), dataIndex: 'expiresAt', valueType: 'dateTime', search: false },
    { title: T('publishedBy'), dataIndex: 'publishedBy', search: false },
  ];

  const submit = async () => {
    const v = await form.validateFields();
    const body: PublishMessageRequest = {
      type: v.type as PublishMessageRequest['type'],
      title: v.title,
      body: v.body,
      target: v.target,
      expiryDays: v.expiryDays,
      important: v.important,
      ...(v.target === 'agents' ? { agentIds: picked.map((a) => a.id) } : {}),
      ...(v.target === 'level' ? { level: v.level } : {}),
      ...(v.target === 'tree' ? { treeAgentId: v.treeAgentId } : {}),
    };
    const { type: _t, title: _ti, body: _b, expiryDays: _e, important: _i, ...who } = body;
    const audience = await api<MessageAudience>('/messages/audience', { body: who });
    const ok = await modal.confirm({
      title: T('confirm'),
      content: (
        <div data-testid="message-confirm">
          <Typography.Paragraph strong>{v.title}</Typography.Paragraph>
          <Typography.Paragraph>
            {T('target')}：{audienceWords(audience, lang)}
          </Typography.Paragraph>
        </div>
      ),
    });
    if (!ok) return;
    await api('/messages/publish', { body });
    void message.success(`${T('published')}：${v.title}`);
    setOpen(false);
    setPicked([]);
    form.resetFields();
    void ref.current?.reload();
  };

  return (
    <>
      <KeysetTable<AdminMessage>
        actionRef={ref}
        headerTitle={lang === 'zh' ? '消息中心' : 'Messages'}
        path="/messages"
        rowKey="id"
        fileName="messages"
        columns={columns}
        toolbar={toolbarIf(
          can('content:publish'),
          <Button key="n" type="primary" onClick={() => setOpen(true)} data-testid="message-new">
            {T('publish')}
          </Button>,
        )}
      />
      <Modal
        title={T('publish')}
        open={open}
        onCancel={() => setOpen(false)}
        onOk={() => void submit()}
        okText={T('publish')}
        okButtonProps={{ id: 'message-submit' }}
        destroyOnHidden
        width={620}
      >
        <Form<FormValues>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ type: 2, target: 'all', expiryDays: 7, important: false }}
        >
          <Form.Item name="type" label={T('type')} rules={[{ required: true }]}>
            <Select
              data-testid="message-type"
              options={messageTypeOptions.map((o) => ({ value: o.value, label: o[lang] }))}
            />
          </Form.Item>
          <Form.Item
            name="title"
            label={T('title')}
            rules={[{ required: true, message: T('required') }, { max: 64 }]}
          >
            <Input data-testid="message-title" />
          </Form.Item>
          <Form.Item
            name="body"
            label={T('body')}
            rules={[{ required: true, message: T('required') }, { max: 5000 }]}
          >
            <Input.TextArea rows={4} data-testid="message-body" />
          </Form.Item>
          <Form.Item name="target" label={T('target')}>
            <Radio.Group
              options={(['all', 'agents', 'level', 'tree'] as const).map((k) => ({
                value: k,
                label: T(k),
              }))}
            />
          </Form.Item>
          {target === 'agents' && (
            <Form.Item label={T('addAgent')} required>
              <AgentPicker
                onPick={(a) => {
                  if (a && !picked.some((p) => p.id === a.id)) setPicked([...picked, a]);
                }}
              />
              <div style={{ marginTop: 8 }}>
                {picked.map((a) => (
                  <Tag
                    key={a.id}
                    closable
                    onClose={() => setPicked(picked.filter((p) => p.id !== a.id))}
                  >
                    {agentShort(a)}
                  </Tag>
                ))}
              </div>
            </Form.Item>
          )}
          {target === 'level' && (
            <Form.Item name="level" label={T('level')} rules={[{ required: true }]}>
              <InputNumber min={1} max={99} precision={0} />
            </Form.Item>
          )}
          {target === 'tree' && (
            <Form.Item name="treeAgentId" label={T('tree')} rules={[{ required: true }]}>
              <AgentPicker />
            </Form.Item>
          )}
          <Form.Item name="expiryDays" label={T('expiryDays')} rules={[{ required: true }]}>
            <InputNumber min={1} max={MESSAGE_EXPIRY_DAYS_MAX} precision={0} />
          </Form.Item>
          <Form.Item name="important" label={T('important')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
