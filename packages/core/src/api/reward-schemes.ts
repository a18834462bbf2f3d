/**
 * Request and response schemas of reward schemes (达标奖励) and the false-activation review
 * (issue 33, decision 035): the app's terminal scheme progress and the console's scheme versions
 * and review queue.
 */

import { z } from 'zod';
import { rewardSchemeTermsSchema } from '../reward-scheme';
import { listQueryBase } from './admin';

// ---------------------------------------------------------------------------------------------
// The app: one terminal's scheme, stage by stage
// ---------------------------------------------------------------------------------------------

export const terminalSchemeQuery = z.object({
  sn: z.string({ error: '请输入终端SN' }).trim().min(1, '请输入终端SN').max(64),
});

export const schemeStageView = z.object({
  /** 1-based. */
  stage: z.number(),
  start: z.string(),
  end: z.string(),
  target: z.number(),
  progress: z.number(),
  status: z.enum(['open', 'met', 'missed', 'void']),
  /** What the chain earns in all when met (the top's figure), fen. */
  rewardFen: z.number(),
  /** The caller's own share of it, fen (0 when the caller is not in the binding chain). */
  myShareFen: z.number(),
  /** What became of the recorded reward: null before it is recorded. */
  rewardStatus: z.enum(['recorded', 'held', 'credited', 'forfeited']).nullable(),
});
export type SchemeStageView = z.infer<typeof schemeStageView>;

export const terminalScheme = z.object({
  sn: z.string(),
  /** False when the terminal has no scheme frozen on it (not activated, or none in force). */
  frozen: z.boolean(),
  policyName: z.string().nullable(),
  version: z.number().nullable(),
  activatedAt: z.string().nullable(),
  unit: z.enum(['day', 'month']).nullable(),
  measure: z.enum(['volume', 'count']).nullable(),
  missEnds: z.boolean(),
  /** The activation was flagged as false and its rewards wait for review (or were forfeited). */
  review: z.enum(['pending', 'released', 'forfeited']).nullable(),
  stages: z.array(schemeStageView),
});
export type TerminalScheme = z.infer<typeof terminalScheme>;

// ---------------------------------------------------------------------------------------------
// The console: scheme versions of a policy
// ---------------------------------------------------------------------------------------------

export const schemeVersionsQuery = z.object({
  policyId: z.coerce.number({ error: '请选择政策' }).int().positive('请选择政策'),
});

export const schemeVersion = z.object({
  version: z.number(),
  terms: rewardSchemeTermsSchema.nullable(),
  operatorName: z.string().nullable(),
  createdAt: z.string(),
});
export type SchemeVersionView = z.infer<typeof schemeVersion>;

export const schemeVersions = z.object({
  policyId: z.number(),
  policyName: z.string(),
  versions: z.array(schemeVersion),
});
export type SchemeVersions = z.infer<typeof schemeVersions>;

export const saveSchemeRequest = z.object({
  policyId: z.number({ error: '请选择政策' }).int().positive('请选择政策'),
  /** The version the operator edited (the one in force, 0 for none): a stale edit is refused. */
  baseVersion: z.number().int().min(0),
  /** null switches the scheme off from this version on. */
  terms: rewardSchemeTermsSchema.nullable(),
});
export type SaveSchemeRequest = z.infer<typeof saveSchemeRequest>;

// ---------------------------------------------------------------------------------------------
// The console: false activations
// ---------------------------------------------------------------------------------------------

export const FALSE_ACTIVATION_STATUS = { PENDING: 0, RELEASED: 1, FORFEITED: 2 } as const;

export const falseActivationQuery = listQueryBase.extend({
  status: z.coerce.number({ error: '状态不正确' }).int().min(0).max(2).optional(),
});

export const falseActivation = z.object({
  terminalId: z.number(),
  sn: z.string(),
  agentName: z.string(),
  agentMobile: z.string(),
  reason: z.enum(['no_trade', 'fee_only', 'tiny_trades', 'card_type']),
  activatedAt: z.string(),
  flaggedAt: z.string(),
  status: z.number(),
  /** The rewards held for it (recorded, not credited), fen. */
  heldFen: z.number(),
  proposedAction: z.enum(['release', 'forfeit']).nullable(),
  proposedByName: z.string().nullable(),
  proposedBy: z.number().nullable(),
  note: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type FalseActivation = z.infer<typeof falseActivation>;

export const proposeReviewRequest = z.object({
  terminalId: z.number().int().positive(),
  action: z.enum(['release', 'forfeit'], { error: '请选择处理方式' }),
  note: z.string().trim().min(1, '请填写说明').max(200, '说明不能超过200字'),
});
export type ProposeReviewRequest = z.infer<typeof proposeReviewRequest>;

export const decideReviewRequest = z.object({
  terminalId: z.number().int().positive(),
  approve: z.boolean(),
});
export type DecideReviewRequest = z.infer<typeof decideReviewRequest>;
