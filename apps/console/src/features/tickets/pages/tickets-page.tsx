import type { ActionType, ProColumns } from '@ant-design/pro-components';
import {
  ticketStatusLabel,
  ticketStatusOptions,
  ticketTypeLabel,
  ticketTypeOptions,
  TICKET_REPLY_MAX,
  TICKET_STATUS,
  type AdminTicket,
  type AdminTicketDetail,
  type TicketAssignee,
} from '@pos/core';
import {
  App,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Input,
  Rate,
  Select,
  Space,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '@/app/auth';
import { AuthImage } from '@/components/auth-image';
import { KeysetTable } from '@/components/keyset-table';
import { api } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

const TEXTS = {
  heading: { zh: '客服工单', en: 'Support tickets' },
  type: { zh: '类型', en: 'Topic' },
  status: { zh: '状态', en: 'Status' },
  summary: { zh: '问题', en: 'Problem' },
  agent: { zh: '代理商', en: 'Agent' },
  assignee: { zh: '处理人', en: 'Assignee' },
  assigneeFilter: { zh: '分派', en: 'Assigned' },
  mine: { zh: '分给我的', en: 'Mine' },
  none: { zh: '未分派', en: 'Unassigned' },
  replies: { zh: '回复', en: 'Replies' },
  rating: { zh: '评分', en: 'Rating' },
  createdAt: { zh: '提交时间', en: 'Opened' },
  updatedAt: { zh: '更新时间', en: 'Updated' },
  open: { zh: '处理', en: 'Open' },
  view: { zh: '查看', en: 'View' },
  description: { zh: '问题描述', en: 'Description' },
  images: { zh: '图片', en: 'Images' },
  conversation: { zh: '回复记录', en: 'Replies' },
  noReplies: { zh: '尚未回复', en: 'No reply yet' },
  assignTo: { zh: '分派给', en: 'Assign to' },
  assign: { zh: '分派', en: 'Assign' },
  reply: { zh: '回复', en: 'Reply' },
  replyPlaceholder: { zh: '回复内容（代理商可见）', en: 'Reply (the agent reads it)' },
  send: { zh: '发送回复', en: 'Send reply' },
  close: { zh: '关闭工单', en: 'Close ticket' },
  closeNote: {
    zh: '关闭说明（选填，代理商可见）',
    en: 'Closing note (optional, the agent reads it)',
  },
  closeConfirm: { zh: '确认关闭这张工单？', en: 'Close this ticket?' },
  replied: { zh: '已回复', en: 'Replied' },
  closed: { zh: '已关闭', en: 'Closed' },
  assigned: { zh: '已分派', en: 'Assigned' },
  required: { zh: '请填写回复内容', en: 'Write a reply' },
  agentRating: { zh: '代理商评价', en: "Agent's rating" },
} as const;

const STATUS_COLORS: Record<number, string> = {
  [TICKET_STATUS.OPEN]: 'orange',
  [TICKET_STATUS.IN_PROGRESS]: 'blue',
  [TICKET_STATUS.REPLIED]: 'green',
  [TICKET_STATUS.CLOSED]: 'default',
};

/** One ticket: what the agent wrote and sent, the replies, and what an operator may do. */
function TicketDrawer({
  id,
  onClose,
  onChanged,
}: {
  id: number | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { lang } = useI18n();
  const T = (k: keyof typeof TEXTS) => TEXTS[k][lang];
  const { can } = useAuth();
  const { message, modal } = App.useApp();
  const [ticket, setTicket] = useState<AdminTicketDetail | null>(null);
  const [assignees, setAssignees] = useState<TicketAssignee[]>([]);
  const [assignTo, setAssignTo] = useState<number | undefined>();
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const handle = can('ticket:handle');

  useEffect(() => {
    setTicket(null);
    setReply('');
    if (id === null) return;
    void api<AdminTicketDetail>(`/tickets/${id}`).then((t) => {
      setTicket(t);
      setAssignTo(t.assigneeId ?? undefined);
    });
    void api<TicketAssignee[]>('/tickets/assignees').then(setAssignees);
  }, [id]);

  const act = async (path: string, body: unknown, done: string) => {
    if (!ticket) return;
    setBusy(true);
    try {
      const next = await api<AdminTicketDetail>(`/tickets/${ticket.id}/${path}`, { body });
      setTicket(next);
      setAssignTo(next.assigneeId ?? undefined);
      void message.success(done);
      onChanged();
    } finally {
      setBusy(false);
    }
  };

  const closed = ticket?.status === TICKET_STATUS.CLOSED;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={640}
      title={ticket ? `#${ticket.id} · ${ticketTypeLabel(ticket.type, lang)}` : ''}
      destroyOnHidden
    >
      {ticket && (
        <div data-testid="ticket-drawer">
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={T('status')}>
              <Tag color={STATUS_COLORS[ticket.status]} data-testid="ticket-drawer-status">
                {ticketStatusLabel(ticket.status, lang)}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={T('agent')}>
              {ticket.agentName} {ticket.agentMobile}
            </Descriptions.Item>
            <Descriptions.Item label={T('createdAt')}>
              {new Date(ticket.createdAt).toLocaleString()}
            </Descriptions.Item>
            <Descriptions.Item label={T('assignee')}>{ticket.assignee ?? '-'}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {T('description')}
          </Typography.Title>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
            {ticket.description}
          </Typography.Paragraph>
          {ticket.images.length > 0 && (
            <Space data-testid="ticket-drawer-images">
              {ticket.images.map((imageId) => (
                <AuthImage
                  key={imageId}
                  path={`/tickets/images/${imageId}`}
                  alt={`${T('images')} ${imageId}`}
                  height={96}
                />
              ))}
            </Space>
          )}
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {T('conversation')}
          </Typography.Title>
          {ticket.replyList.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T('noReplies')} />
          ) : (
            <Timeline
              items={ticket.replyList.map((r) => ({
                children: (
                  <div data-testid="ticket-drawer-reply">
                    <Typography.Text type="secondary">
                      {r.operatorName} · {new Date(r.createdAt).toLocaleString()}
                    </Typography.Text>
                    <div style={{ whiteSpace: 'pre-wrap' }}>{r.body}</div>
                  </div>
                ),
              }))}
            />
          )}
          {ticket.rating !== null && (
            <div data-testid="ticket-drawer-rating">
              <Typography.Title level={5}>{T('agentRating')}</Typography.Title>
              <Rate disabled value={ticket.rating} /> {ticket.ratingComment}
            </div>
          )}
          {handle && !closed && (
            <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
              <Space>
                <span>{T('assignTo')}</span>
                <Select
                  style={{ width: 200 }}
                  value={assignTo}
                  onChange={setAssignTo}
                  options={assignees.map((a) => ({ value: a.id, label: a.name }))}
                  data-testid="ticket-assignee"
                />
                <Button
                  disabled={!assignTo || assignTo === ticket.assigneeId}
                  loading={busy}
                  onClick={() => void act('assign', { operatorId: assignTo }, T('assigned'))}
                  data-testid="ticket-assign"
                >
                  {T('assign')}
                </Button>
              </Space>
              <Input.TextArea
                rows={4}
                maxLength={TICKET_REPLY_MAX}
                value={reply}
                onChange={(e) => setReply(e.target.value)}
                placeholder={T('replyPlaceholder')}
                data-testid="ticket-reply-input"
              />
              <Space>
                <Button
                  type="primary"
                  loading={busy}
                  onClick={() => {
                    if (!reply.trim()) {
                      void message.warning(T('required'));
                      return;
                    }
                    void act('reply', { body: reply.trim() }, T('replied')).then(() =>
                      setReply(''),
                    );
                  }}
                  data-testid="ticket-send"
                >
                  {T('send')}
                </Button>
                <Button
                  danger
                  loading={busy}
                  onClick={() => {
                    let note = '';
                    modal.confirm({
                      title: T('closeConfirm'),
                      content: (
                        <Input.TextArea
                          rows={3}
                          placeholder={T('closeNote')}
                          onChange={(e) => (note = e.target.value)}
                          data-testid="ticket-close-note"
                        />
                      ),
                      onOk: () => act('close', { note: note.trim() || undefined }, T('closed')),
                    });
                  }}
                  data-testid="ticket-close"
                >
                  {T('close')}
                </Button>
              </Space>
            </Space>
          )}
        </div>
      )}
    </Drawer>
  );
}

/**
 * Support tickets (客服工单): the queue by state, topic and assignee, newest first; a ticket
 * opens in a drawer where an operator with ticket:handle assigns, replies and closes it.
 */
export default function TicketsPage() {
  const { lang } = useI18n();
  const T = (k: keyof typeof TEXTS) => TEXTS[k][lang];
  const { can } = useAuth();
  const ref = useRef<ActionType | undefined>(undefined);
  const [openId, setOpenId] = useState<number | null>(null);

  const columns: ProColumns<AdminTicket>[] = [
    {
      title: T('status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries(ticketStatusOptions.map((o) => [o.value, { text: o[lang] }])),
      render: (_, r) => (
        <Tag color={STATUS_COLORS[r.status]}>{ticketStatusLabel(r.status, lang)}</Tag>
      ),
    },
    {
      title: T('type'),
      dataIndex: 'type',
      valueType: 'select',
      valueEnum: Object.fromEntries(ticketTypeOptions.map((o) => [o.value, { text: o[lang] }])),
      render: (_, r) => ticketTypeLabel(r.type, lang),
    },
    {
      title: T('assigneeFilter'),
      dataIndex: 'assignee',
      hideInTable: true,
      valueType: 'select',
      valueEnum: { me: { text: T('mine') }, none: { text: T('none') } },
    },
    { title: 'ID', dataIndex: 'id', search: false },
    { title: T('summary'), dataIndex: 'summary', search: false, ellipsis: true },
    {
      title: T('agent'),
      dataIndex: 'agentName',
      search: false,
      render: (_, r) => `${r.agentName} ${r.agentMobile}`,
    },
    {
      title: T('assignee'),
      dataIndex: 'assigneeName',
      search: false,
      render: (_, r) => r.assignee ?? '-',
    },
    { title: T('replies'), dataIndex: 'replies', search: false },
    {
      title: T('rating'),
      dataIndex: 'rating',
      search: false,
      render: (_, r) => (r.rating === null ? '-' : `${r.rating}★`),
    },
    {
      title: T('createdAt'),
      dataIndex: 'createdAt',
      valueType: 'dateTime',
      search: false,
      sorter: true,
    },
    {
      title: '',
      valueType: 'option',
      render: (_, r) => [
        <a key="o" onClick={() => setOpenId(r.id)} data-testid={`ticket-open-${r.id}`}>
          {can('ticket:handle') ? T('open') : T('view')}
        </a>,
      ],
    },
  ];

  return (
    <>
      <KeysetTable<AdminTicket>
        actionRef={ref}
        headerTitle={T('heading')}
        path="/tickets"
        rowKey="id"
        fileName="tickets"
        columns={columns}
      />
      <TicketDrawer
        id={openId}
        onClose={() => setOpenId(null)}
        onChanged={() => void ref.current?.reload()}
      />
    </>
  );
}
