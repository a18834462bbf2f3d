import { z } from 'zod';
import type { EnumOption, Lang } from '../enums';
import { listQueryBase, pageOf } from './admin';

/**
 * Contract of the message centre (消息中心, issue 32): messages the platform's operators publish
 * to agents, each agent's read state, and the important ones that pop up once after sign-in.
 *
 * A message is aimed at everyone, at named agents, at every agent of one level, or at a tree (an
 * agent and its whole subtree by the materialised path). It is shown from publication until it
 * expires, 1 to 30 days later. An agent only ever reads messages aimed at it.
 *
 * The product's own events (earnings of a day, a withdrawal reviewed or paid, terminals allocated,
 * a recall to accept, an order shipped, a policy opened, an identification reviewed) are messages
 * too, of type 业务提醒, each to the one agent it concerns, with a link to the page concerned; the
 * server writes their text in both languages and answers in the caller's (Accept-Language).
 */
export const MESSAGE_TYPE = { BUSINESS: 1, ANNOUNCEMENT: 2, HOLIDAY: 3, URGENT: 4 } as const;
export type MessageType = (typeof MESSAGE_TYPE)[keyof typeof MESSAGE_TYPE];
export const messageTypeOptions: readonly EnumOption<MessageType>[] = [
  { value: MESSAGE_TYPE.BUSINESS, zh: '业务提醒', en: 'Business reminder' },
  { value: MESSAGE_TYPE.ANNOUNCEMENT, zh: '系统公告', en: 'Announcement' },
  { value: MESSAGE_TYPE.HOLIDAY, zh: '节假日', en: 'Holiday' },
  { value: MESSAGE_TYPE.URGENT, zh: '紧急', en: 'Urgent' },
];
export const messageTypeLabel = (type: number, lang: Lang): string => {
  const option = messageTypeOptions.find((o) => o.value === type);
  if (!option) return String(type);
  return lang === 'en' ? option.en : option.zh;
};

export const MESSAGE_TARGETS = ['all', 'agents', 'level', 'tree'] as const;
export type MessageTarget = (typeof MESSAGE_TARGETS)[number];
export const MESSAGE_EXPIRY_DAYS_MAX = 30;
/** Most named agents one message may be aimed at. */
export const MESSAGE_AGENTS_MAX = 200;

const messageTypeSchema = z.union(
  messageTypeOptions.map((o) => z.literal(o.value)) as unknown as [
    z.ZodLiteral<MessageType>,
    z.ZodLiteral<MessageType>,
    ...z.ZodLiteral<MessageType>[],
  ],
  { error: '消息类型不正确' },
);

// --- the agent's side: /api/ag/message/* -----------------------------------------------------

export const messageListQuery = z.object({
  pageSize: z.coerce
    .number({ error: '每页条数不正确' })
    .int('每页条数不正确')
    .min(1, '每页条数不正确')
    .max(50, '每页条数不能超过50')
    .default(20),
  cursor: z.string().max(512, '分页游标不正确').optional(),
});
export type MessageListQuery = z.infer<typeof messageListQuery>;
export type MessageListParams = z.input<typeof messageListQuery>;

export const messageItem = z.object({
  id: z.number(),
  type: z.number(),
  title: z.string(),
  /** The start of the body, for the list. */
  summary: z.string(),
  important: z.boolean(),
  publishedAt: z.string(),
  expiresAt: z.string(),
  read: z.boolean(),
});
export type MessageItem = z.infer<typeof messageItem>;
export const messagePage = pageOf(messageItem);
export type MessagePage = z.infer<typeof messagePage>;

export const messageIdQuery = z.object({
  id: z.coerce.number({ error: '消息编号不正确' }).int().positive('消息编号不正确'),
});
export const messageDetail = messageItem.extend({
  body: z.string(),
  /**
   * The app page the message is about (a product event's withdrawal, order, terminals...), from
   * core's route table; null for the operators' messages.
   */
  link: z.string().nullable(),
});
export type MessageDetail = z.infer<typeof messageDetail>;

export const messageUnread = z.object({ count: z.number() });
export type MessageUnread = z.infer<typeof messageUnread>;

/** Important unread messages not yet popped up, oldest first. */
export const messagePopup = z.object({ rows: z.array(messageDetail) });
export type MessagePopup = z.infer<typeof messagePopup>;
export const messagePoppedRequest = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(50),
});
export type MessagePoppedRequest = z.infer<typeof messagePoppedRequest>;

// --- the console's side: /admin/messages* ------------------------------------------------------

export const messageAudienceRequest = z
  .object({
    target: z.enum(MESSAGE_TARGETS, { error: '请选择接收对象' }),
    agentIds: z
      .array(z.number().int().positive())
      .max(MESSAGE_AGENTS_MAX, `最多指定${MESSAGE_AGENTS_MAX}位代理商`)
      .optional(),
    level: z.number({ error: '等级不正确' }).int().min(1).max(99).optional(),
    /** The root of the tree. */
    treeAgentId: z.number().int().positive().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.target === 'agents' && !v.agentIds?.length)
      ctx.addIssue({ code: 'custom', path: ['agentIds'], message: '请选择代理商' });
    if (v.target === 'level' && v.level === undefined)
      ctx.addIssue({ code: 'custom', path: ['level'], message: '请选择等级' });
    if (v.target === 'tree' && v.treeAgentId === undefined)
      ctx.addIssue({ code: 'custom', path: ['treeAgentId'], message: '请选择团队的代理商' });
  });
export type MessageAudienceRequest = z.infer<typeof messageAudienceRequest>;

/** Who a message would reach, for the confirmation before publishing. */
export const messageAudience = z.object({
  target: z.enum(MESSAGE_TARGETS),
  /** How many agents it reaches now. */
  count: z.number(),
  /** Named agents, or the tree's root: 'name (mobile)'. */
  names: z.array(z.string()),
  level: z.number().nullable(),
});
export type MessageAudience = z.infer<typeof messageAudience>;

export const publishMessageRequest = z.intersection(
  messageAudienceRequest,
  z.object({
    type: messageTypeSchema,
    title: z.string().trim().min(1, '请填写标题').max(64, '标题不能超过64个字符'),
    body: z.string().trim().min(1, '请填写内容').max(5000, '内容不能超过5000个字符'),
    expiryDays: z
      .number({ error: '有效天数不正确' })
      .int('有效天数须为整数')
      .min(1, '有效天数为1至30天')
      .max(MESSAGE_EXPIRY_DAYS_MAX, '有效天数为1至30天'),
    important: z.boolean().default(false),
  }),
);
export type PublishMessageRequest = z.infer<typeof publishMessageRequest>;

export const adminMessageQuery = listQueryBase.extend({
  keyword: z.string().trim().max(64).optional(),
});
export const adminMessage = z.object({
  id: z.number(),
  type: z.number(),
  title: z.string(),
  body: z.string(),
  important: z.boolean(),
  target: z.enum(MESSAGE_TARGETS),
  /** Who it is aimed at, in words. */
  audience: z.string(),
  recipients: z.number(),
  readCount: z.number(),
  publishedAt: z.string(),
  expiresAt: z.string(),
  publishedBy: z.string(),
});
export type AdminMessage = z.infer<typeof adminMessage>;
