import { z } from 'zod';
import { validators } from '../validators';
import { agentLevel, checked, mobileSchema } from './auth';

/**
 * Contracts of the team feature: sub-agents (my agents, agent detail, add agent), the team
 * structure (/api/ag/my/center/dept), team statistics, and invitations.
 *
 * Every figure about a team is the sum over the agent's whole subtree, the agent itself included;
 * "own" figures are the agent's alone. Money is integer fen.
 */

// Query strings arrive as text; ids are read as whole numbers with a message per field.
const queryId = (message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .positive(message)
    .max(Number.MAX_SAFE_INTEGER, message);

/** A calendar month as the reports cut it (Asia/Shanghai), 'YYYY-MM'. */
export const teamMonth = z
  .string({ error: '月份格式错误' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式错误');

export const TEAM_SORTS = ['volume', 'newMerchants', 'stock', 'createdAt'] as const;
export type TeamSort = (typeof TEAM_SORTS)[number];
export const TEAM_PAGE_SIZE_MAX = 50;

export const teamListQuery = z.object({
  /** Whose direct sub-agents to list; the caller when absent. Must lie in the caller's subtree. */
  parentId: queryId('上级代理编号不正确').optional(),
  /** Part of a name, or the start of a mobile number. */
  keyword: z.string().trim().max(32, '搜索内容不能超过32个字符').optional(),
  sort: z.enum(TEAM_SORTS, { message: '排序方式不正确' }).default('volume'),
  order: z.enum(['desc', 'asc'], { message: '排序方向不正确' }).default('desc'),
  /** The month the volume and new merchants are counted in; the current month when absent. */
  month: teamMonth.optional(),
  /** nextCursor of the previous page; absent for the first page. */
  cursor: z
    .string()
    .regex(/^-?\d{1,20}_\d{1,19}$/, '分页游标格式错误')
    .optional(),
  pageSize: z.coerce
    .number({ error: '每页条数格式错误' })
    .int('每页条数格式错误')
    .min(1, '每页条数格式错误')
    .max(TEAM_PAGE_SIZE_MAX, `每页最多${TEAM_PAGE_SIZE_MAX}条`)
    .default(20),
});
/** What a client sends (defaults may be left out). */
export type TeamListQuery = z.input<typeof teamListQuery>;
/** What the server reads, defaults applied. */
export type TeamListParams = z.infer<typeof teamListQuery>;

/** Terminals held by agents of a subtree, by bind status. */
export const teamTerminalCounts = z.object({
  /** Unbound terminals in stock. */
  stock: z.number(),
  bound: z.number(),
  activated: z.number(),
});
export type TeamTerminalCounts = z.infer<typeof teamTerminalCounts>;

/** Figures of one month. */
export const teamFigures = z.object({
  tradeAmountFen: z.number(),
  tradeCount: z.number(),
  newMerchants: z.number(),
  activatedTerminals: z.number(),
});
export type TeamFigures = z.infer<typeof teamFigures>;

/** A sub-agent as lists show it: masked name and mobile (spec section 5, display rules). */
export const teamMember = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string(),
  level: z.number(),
  levelName: z.string(),
  createdAt: z.string(),
  /** Direct sub-agents of this agent. */
  childCount: z.number(),
  /** Agents below this one, at any depth. */
  teamSize: z.number(),
  /** Team figures (this agent and everyone below it) for the month asked. */
  team: teamFigures,
  terminals: teamTerminalCounts,
});
export type TeamMember = z.infer<typeof teamMember>;

/** One step of the way from the caller down to the agent whose team is shown. */
export const teamCrumb = z.object({ id: z.number(), name: z.string() });
export type TeamCrumb = z.infer<typeof teamCrumb>;

export const teamListResponse = z.object({
  /** The agent whose direct sub-agents these are. */
  parent: z.object({ id: z.number(), name: z.string(), level: z.number(), levelName: z.string() }),
  /** From the caller (first) down to the parent (last); one entry when the parent is the caller. */
  crumbs: z.array(teamCrumb),
  month: teamMonth,
  rows: z.array(teamMember),
  nextCursor: z.string().nullable(),
});
export type TeamListResponse = z.infer<typeof teamListResponse>;

export const teamAgentQuery = z.object({ id: queryId('代理编号不正确') });
export type TeamAgentQuery = z.infer<typeof teamAgentQuery>;

/** A policy opened for an agent, as the detail page lists it. */
export const teamOpenedPolicy = z.object({
  id: z.number(),
  name: z.string(),
  brandName: z.string(),
});
export type TeamOpenedPolicy = z.infer<typeof teamOpenedPolicy>;

export const teamAgentDetail = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string(),
  idCardMasked: z.string().nullable(),
  realNameVerified: z.boolean(),
  level: z.number(),
  levelName: z.string(),
  parentId: z.number().nullable(),
  parentName: z.string().nullable(),
  /** A direct sub-agent of the caller: terminals can be allocated and policies opened for it. */
  isDirect: z.boolean(),
  isSelf: z.boolean(),
  status: z.number(),
  createdAt: z.string(),
  childCount: z.number(),
  teamSize: z.number(),
  month: teamMonth,
  own: teamFigures,
  team: teamFigures,
  ownTerminals: teamTerminalCounts,
  teamTerminals: teamTerminalCounts,
  policies: z.array(teamOpenedPolicy),
});
export type TeamAgentDetail = z.infer<typeof teamAgentDetail>;

// ---------------------------------------------------------------------------------------------
// Levels and adding a sub-agent
// ---------------------------------------------------------------------------------------------

export const teamLevelsResponse = z.object({
  levels: z.array(agentLevel),
  /** The levels the caller may give a new sub-agent: none above its own. */
  assignable: z.array(agentLevel),
  callerLevel: z.number(),
});
export type TeamLevelsResponse = z.infer<typeof teamLevelsResponse>;

export const addAgentRequest = z.object({
  name: checked(validators.chineseName),
  mobile: mobileSchema,
  idCard: checked(validators.idCard),
  level: z.coerce
    .number({ error: '请选择代理等级' })
    .int('代理等级不正确')
    .min(1, '代理等级不正确')
    .max(1000, '代理等级不正确'),
});
export type AddAgentRequest = z.infer<typeof addAgentRequest>;

export const addAgentResponse = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string(),
  level: z.number(),
  levelName: z.string(),
  /** Shown once, to the parent who hands it over; the new agent must change it at first sign-in. */
  initialPassword: z.string(),
});
export type AddAgentResponse = z.infer<typeof addAgentResponse>;

// ---------------------------------------------------------------------------------------------
// Team structure (GET /api/ag/my/center/dept) and statistics
// ---------------------------------------------------------------------------------------------

export const deptQuery = z.object({ id: queryId('代理编号不正确').optional() });
export type DeptQuery = z.infer<typeof deptQuery>;

export const DEPT_CHILDREN_MAX = 100;

export const deptChild = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string(),
  level: z.number(),
  levelName: z.string(),
  childCount: z.number(),
  teamSize: z.number(),
});
export type DeptChild = z.infer<typeof deptChild>;

export const deptResponse = z.object({
  agent: z.object({ id: z.number(), name: z.string(), level: z.number(), levelName: z.string() }),
  month: teamMonth,
  totals: z.object({
    directCount: z.number(),
    teamSize: z.number(),
    month: teamFigures,
    terminals: teamTerminalCounts,
  }),
  /** How many agents of the subtree (the agent itself excluded) hold each level. */
  levelCounts: z.array(z.object({ level: z.number(), levelName: z.string(), count: z.number() })),
  /** The largest direct teams first, at most DEPT_CHILDREN_MAX. */
  children: z.array(deptChild),
  childrenTruncated: z.boolean(),
});
export type DeptResponse = z.infer<typeof deptResponse>;

export const teamStatsQuery = z.object({
  /** The agent whose team is shown; the caller when absent. */
  id: queryId('代理编号不正确').optional(),
  month: teamMonth.optional(),
});
export type TeamStatsQuery = z.infer<typeof teamStatsQuery>;

export const TEAM_TREND_MONTHS = 6;

export const teamStatsResponse = z.object({
  agent: z.object({
    id: z.number(),
    name: z.string(),
    mobile: z.string(),
    level: z.number(),
    levelName: z.string(),
    isSelf: z.boolean(),
  }),
  month: teamMonth,
  own: teamFigures,
  team: teamFigures,
  teamSize: z.number(),
  directCount: z.number(),
  /** Agents that joined the subtree during the month. */
  newAgents: z.number(),
  terminals: teamTerminalCounts,
  /** Team figures of the month and the months before it, oldest first. */
  trend: z.array(teamFigures.extend({ month: teamMonth })),
});
export type TeamStatsResponse = z.infer<typeof teamStatsResponse>;

// ---------------------------------------------------------------------------------------------
// Invitations
// ---------------------------------------------------------------------------------------------

export const invitationInfo = z.object({
  inviteCode: z.string(),
  name: z.string(),
  levelName: z.string(),
});
export type InvitationInfo = z.infer<typeof invitationInfo>;

export const inviterQuery = z.object({
  inviteCode: z
    .string({ error: '邀请码不能为空' })
    .trim()
    .min(1, '邀请码不能为空')
    .max(32, '邀请码格式错误'),
});
export type InviterQuery = z.infer<typeof inviterQuery>;

/** What a stranger holding an invitation code may learn: the inviter's masked name. */
export const inviterInfo = z.object({ inviteCode: z.string(), name: z.string() });
export type InviterInfo = z.infer<typeof inviterInfo>;

/** The page an invitation link or QR code opens. */
export const INVITATION_REGISTER_PATH = '/pages/home/invitation/invitationRegistered';
export const invitationLink = (origin: string, inviteCode: string) =>
  `${origin.replace(/\/+$/, '')}${INVITATION_REGISTER_PATH}?inviteCode=${encodeURIComponent(inviteCode)}`;
