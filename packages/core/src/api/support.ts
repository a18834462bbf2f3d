import { z } from 'zod';
import type { EnumOption, Lang } from '../enums';
import { listQueryBase, pageOf } from './admin';

/**
 * Contract of support tickets (客服工单, issue 32): an agent opens a ticket with a type, a
 * description and up to three images, follows its state and the operators' replies, and rates the
 * answer once replied. Operators work a queue in the console: assign, reply, close.
 *
 * A ticket is its opener's alone: no other agent ever reads it, not even one above it in its tree.
 */
export const TICKET_TYPE = {
  TERMINAL: 1,
  EARNINGS: 2,
  WITHDRAWAL: 3,
  ACCOUNT: 4,
  OTHER: 5,
} as const;
export type TicketType = (typeof TICKET_TYPE)[keyof typeof TICKET_TYPE];
export const ticketTypeOptions: readonly EnumOption<TicketType>[] = [
  { value: TICKET_TYPE.TERMINAL, zh: '终端问题', en: 'Terminals' },
  { value: TICKET_TYPE.EARNINGS, zh: '分润结算', en: 'Earnings and settlement' },
  { value: TICKET_TYPE.WITHDRAWAL, zh: '提现问题', en: 'Withdrawals' },
  { value: TICKET_TYPE.ACCOUNT, zh: '账户与认证', en: 'Account and verification' },
  { value: TICKET_TYPE.OTHER, zh: '其他', en: 'Other' },
];

export const TICKET_STATUS = { OPEN: 1, IN_PROGRESS: 2, REPLIED: 3, CLOSED: 4 } as const;
export type TicketStatus = (typeof TICKET_STATUS)[keyof typeof TICKET_STATUS];
export const ticketStatusOptions: readonly EnumOption<TicketStatus>[] = [
  { value: TICKET_STATUS.OPEN, zh: '待处理', en: 'Open' },
  { value: TICKET_STATUS.IN_PROGRESS, zh: '处理中', en: 'In progress' },
  { value: TICKET_STATUS.REPLIED, zh: '已回复', en: 'Replied' },
  { value: TICKET_STATUS.CLOSED, zh: '已关闭', en: 'Closed' },
];

const labelOf = (options: readonly EnumOption<number>[], value: number, lang: Lang) => {
  const option = options.find((o) => o.value === value);
  if (!option) return String(value);
  return lang === 'en' ? option.en : option.zh;
};
export const ticketTypeLabel = (type: number, lang: Lang) => labelOf(ticketTypeOptions, type, lang);
export const ticketStatusLabel = (status: number, lang: Lang) =>
  labelOf(ticketStatusOptions, status, lang);

/** Most images one ticket carries, and the size of each. */
export const TICKET_IMAGES_MAX = 3;
export const TICKET_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const TICKET_DESCRIPTION_MIN = 5;
export const TICKET_DESCRIPTION_MAX = 1000;
export const TICKET_REPLY_MAX = 2000;

const ticketTypeSchema = z.coerce
  .number({ error: '请选择问题类型' })
  .int('请选择问题类型')
  .refine((v) => ticketTypeOptions.some((o) => o.value === v), '请选择问题类型');

const ticketId = z.coerce.number({ error: '工单编号不正确' }).int().positive('工单编号不正确');

// --- the agent's side: /api/ag/ticket/* -----------------------------------------------------

export const ticketListQuery = z.object({
  pageSize: z.coerce
    .number({ error: '每页条数不正确' })
    .int('每页条数不正确')
    .min(1, '每页条数不正确')
    .max(50, '每页条数不能超过50')
    .default(20),
  cursor: z.string().max(512, '分页游标不正确').optional(),
  status: z.coerce.number({ error: '状态不正确' }).int().min(1).max(4).optional(),
});
export type TicketListParams = z.input<typeof ticketListQuery>;

export const ticketItem = z.object({
  id: z.number(),
  type: z.number(),
  status: z.number(),
  /** The start of the description, for the list. */
  summary: z.string(),
  replies: z.number(),
  rated: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketItem = z.infer<typeof ticketItem>;
export const ticketPage = pageOf(ticketItem);
export type TicketPage = z.infer<typeof ticketPage>;

export const ticketIdQuery = z.object({ id: ticketId });
export const ticketImageQuery = z.object({
  id: z.coerce.number({ error: '图片编号不正确' }).int().positive('图片编号不正确'),
});

export const ticketReply = z.object({
  id: z.number(),
  body: z.string(),
  createdAt: z.string(),
});
export type TicketReply = z.infer<typeof ticketReply>;

export const ticketDetail = ticketItem.extend({
  description: z.string(),
  /** Image ids, read through /api/ag/ticket/image (the agent's own) or the console. */
  images: z.array(z.number()),
  replyList: z.array(ticketReply),
  rating: z.number().nullable(),
  ratingComment: z.string().nullable(),
  ratedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type TicketDetail = z.infer<typeof ticketDetail>;

export const ticketImageUploaded = z.object({ imageId: z.number(), sizeBytes: z.number() });
export type TicketImageUploaded = z.infer<typeof ticketImageUploaded>;

export const createTicketRequest = z.object({
  type: ticketTypeSchema,
  description: z
    .string({ error: '请填写问题描述' })
    .trim()
    .min(TICKET_DESCRIPTION_MIN, `问题描述至少${TICKET_DESCRIPTION_MIN}个字`)
    .max(TICKET_DESCRIPTION_MAX, `问题描述不能超过${TICKET_DESCRIPTION_MAX}个字`),
  imageIds: z
    .array(z.number().int().positive('图片编号不正确'), { error: '图片不正确' })
    .max(TICKET_IMAGES_MAX, `最多上传${TICKET_IMAGES_MAX}张图片`)
    .default([]),
});
export type CreateTicketRequest = z.input<typeof createTicketRequest>;

export const rateTicketRequest = z.object({
  id: ticketId,
  rating: z
    .number({ error: '请选择评分' })
    .int('请选择评分')
    .min(1, '评分为1至5星')
    .max(5, '评分为1至5星'),
  comment: z.string().trim().max(200, '评价不能超过200个字').optional(),
});
export type RateTicketRequest = z.input<typeof rateTicketRequest>;

// --- the console's side: /admin/tickets* --------------------------------------------------------

export const adminTicketQuery = listQueryBase.extend({
  status: z.coerce.number({ error: '状态不正确' }).int().min(1).max(4).optional(),
  type: z.coerce.number({ error: '类型不正确' }).int().min(1).max(5).optional(),
  /** 'me': assigned to the caller; 'none': nobody's yet. */
  assignee: z.enum(['me', 'none'], { error: '处理人不正确' }).optional(),
});
export type AdminTicketQuery = z.input<typeof adminTicketQuery>;

export const adminTicket = z.object({
  id: z.number(),
  type: z.number(),
  status: z.number(),
  summary: z.string(),
  agentName: z.string(),
  agentMobile: z.string(),
  assignee: z.string().nullable(),
  replies: z.number(),
  rating: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminTicket = z.infer<typeof adminTicket>;

export const adminTicketReply = ticketReply.extend({ operatorName: z.string() });
export const adminTicketDetail = adminTicket.extend({
  description: z.string(),
  assigneeId: z.number().nullable(),
  images: z.array(z.number()),
  replyList: z.array(adminTicketReply),
  ratingComment: z.string().nullable(),
  ratedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type AdminTicketDetail = z.infer<typeof adminTicketDetail>;

export const ticketIdParams = z.object({ id: ticketId });
export const assignTicketRequest = z.object({
  operatorId: z.number({ error: '请选择处理人' }).int().positive('请选择处理人'),
});
export const replyTicketRequest = z.object({
  body: z
    .string({ error: '请填写回复内容' })
    .trim()
    .min(1, '请填写回复内容')
    .max(TICKET_REPLY_MAX, `回复不能超过${TICKET_REPLY_MAX}个字`),
});
export const closeTicketRequest = z.object({
  note: z.string().trim().max(TICKET_REPLY_MAX, `说明不能超过${TICKET_REPLY_MAX}个字`).optional(),
});
export const ticketAssignee = z.object({ id: z.number(), name: z.string() });
export type TicketAssignee = z.infer<typeof ticketAssignee>;
