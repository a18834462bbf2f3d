import { z } from 'zod';
import { listQueryBase } from './admin';
import { terminalOperateTypeOptions } from '../enums';
import { terminalSnSelection } from './terminals';

/**
 * The console's terminal corrections (reclaim, delete, brand modification) and the list of every
 * terminal operation across all trees.
 */

/** Operation type of a brand correction: recorded with the operations, never an agent's move. */
export const BRAND_CHANGE_OPERATE_TYPE = 7;

/** Every operation type an operator sees: the spec's, and the platform's brand correction. */
export const adminOperateTypeOptions = [
  ...terminalOperateTypeOptions,
  { value: BRAND_CHANGE_OPERATE_TYPE, zh: '品牌修改', en: 'Brand change' },
] as const;

export const PLATFORM_TERMINAL_ACTIONS = ['reclaim', 'delete', 'brand'] as const;
export type PlatformTerminalAction = (typeof PLATFORM_TERMINAL_ACTIONS)[number];

export const adminTerminalBatchRequest = terminalSnSelection.extend({
  action: z.enum(PLATFORM_TERMINAL_ACTIONS, { error: '请选择操作' }),
  reason: z.string().trim().max(200, '原因不能超过200个字符').optional(),
  /** Brand modification only: the brand and model the terminals are corrected to. */
  brandId: z.coerce.number({ error: '请选择品牌' }).int().positive('请选择品牌').optional(),
  model: z.string().trim().max(40, '型号格式错误').optional(),
  /** Check and count what would change; change nothing. */
  dryRun: z.boolean().optional(),
});
export type AdminTerminalBatchRequest = z.infer<typeof adminTerminalBatchRequest>;

export const adminTerminalBatchResult = z.object({
  count: z.number(),
  operationId: z.number().nullable(),
  dryRun: z.boolean(),
});
export type AdminTerminalBatchResult = z.infer<typeof adminTerminalBatchResult>;

export const adminOperationQuery = listQueryBase.extend({
  type: z.coerce.number({ error: '操作类型不正确' }).int().min(0).max(7).optional(),
  status: z.coerce.number({ error: '状态不正确' }).int().min(0).max(2).optional(),
  sn: z
    .string()
    .trim()
    .max(32, 'SN格式错误')
    .transform((v) => v.toUpperCase())
    .optional(),
  /** An agent's mobile or invite code: operations it sent or received. */
  agent: z.string().trim().max(32, '代理商格式错误').optional(),
  from: z.iso.date({ error: '开始日期格式为YYYY-MM-DD' }).optional(),
  to: z.iso.date({ error: '结束日期格式为YYYY-MM-DD' }).optional(),
});
export type AdminOperationQuery = z.infer<typeof adminOperationQuery>;

export const adminOperation = z.object({
  id: z.number(),
  type: z.number(),
  status: z.number(),
  operatorName: z.string(),
  fromAgentName: z.string().nullable(),
  toAgentName: z.string().nullable(),
  merchantName: z.string().nullable(),
  count: z.number(),
  firstSn: z.string().nullable(),
  lastSn: z.string().nullable(),
  /**
   * The SNs that moved as runs of consecutive numbers (the first OPERATION_RUNS_SHOWN), as the
   * app's records show them: firstSn/lastSn only bound the batch.
   */
  snRuns: z.array(z.object({ first: z.string(), last: z.string(), count: z.number() })),
  /** How many runs the SNs make in all. */
  runCount: z.number(),
  reason: z.string(),
  decisionReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AdminOperation = z.infer<typeof adminOperation>;
