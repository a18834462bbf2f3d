import { randomUUID } from 'node:crypto';
import {
  EARNING_INFO_TYPES,
  formatMoney,
  ledgerInfoTypeLabel,
  MESSAGE_TYPE,
  TERMINAL_OPERATE_TYPE,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { agentDailyEarnings as e, agents as agentRows } from '../../db/schema';
import { select } from '../../db/typed';
import { shanghaiToday } from '../../lib/shanghai-dates';
import { createMessage, EVENT_EXPIRY_DAYS, type CreatedMessage } from './messages';

/**
 * The product's own events as messages to the agent they concern (issue 32, decision 043): each
 * written by `notifyAgent` in the transaction of the change itself, so a change rolled back sends
 * nothing, as type 业务提醒, in both languages, with a link to the app page concerned (core's
 * route table). Each event has a key, so making it again writes nothing.
 */
export type ProductEventKind =
  | 'earnings.daily'
  | 'withdrawal.approved'
  | 'withdrawal.rejected'
  | 'withdrawal.paid'
  | 'withdrawal.failed'
  | 'terminals.allocated'
  | 'terminals.recall'
  | 'order.shipped'
  | 'policy.opened'
  | 'identity.reviewed';

interface Text {
  title: string;
  body: string;
}

export interface ProductEvent {
  agentId: number;
  kind: ProductEventKind;
  /** Names the event: one message per key. */
  key: string;
  zh: Text;
  en: Text;
  /** An app path from core's route table, with its query. */
  link: string;
}

/** Writes the message of one product event; null when its key was already written. */
export function notifyAgent(tx: DbOrTx, e: ProductEvent): Promise<CreatedMessage | null> {
  return createMessage(tx, {
    type: MESSAGE_TYPE.BUSINESS,
    title: e.zh.title,
    body: e.zh.body,
    important: false,
    target: 'agent',
    audience: '本人（业务提醒）',
    recipients: 1,
    expiryDays: EVENT_EXPIRY_DAYS,
    publishedBy: null,
    event: {
      agentId: e.agentId,
      kind: e.kind,
      key: e.key,
      titleEn: e.en.title,
      bodyEn: e.en.body,
      link: e.link,
    },
  });
}

const yuan = (fen: number | bigint) => `¥${formatMoney(fen)}`;

// --- withdrawals -------------------------------------------------------------------------------

export interface WithdrawalFacts {
  id: number;
  agentId: number;
  amountFen: number;
  netFen: number;
  reason: string | null;
  freezeEntryId: number;
}

/** A withdrawal approved, rejected, paid, or whose payout failed (its money back in the wallet). */
export function notifyWithdrawal(
  tx: DbOrTx,
  w: WithdrawalFacts,
  what: 'approved' | 'rejected' | 'paid' | 'failed',
) {
  const amount = yuan(w.amountFen);
  const net = yuan(w.netFen);
  const reason = w.reason?.trim() || '';
  const text: Record<typeof what, { zh: Text; en: Text }> = {
    approved: {
      zh: {
        title: `提现审核通过 ${amount}`,
        body: `您申请的提现 ${amount} 已审核通过，将打款到您的结算账户，预计到账 ${net}。`,
      },
      en: {
        title: `Withdrawal approved: ${amount}`,
        body: `Your withdrawal of ${amount} has been approved; ${net} will be paid to your settlement account.`,
      },
    },
    rejected: {
      zh: {
        title: `提现未通过审核 ${amount}`,
        body: `您申请的提现 ${amount} 未通过审核${reason ? `，原因：${reason}` : ''}。冻结的金额已退回钱包。`,
      },
      en: {
        title: `Withdrawal rejected: ${amount}`,
        body: `Your withdrawal of ${amount} was rejected${reason ? `: ${reason}` : ''}. The frozen money is back in your wallet.`,
      },
    },
    paid: {
      zh: {
        title: `提现已打款 ${net}`,
        body: `您申请的提现 ${amount} 已打款，实际到账 ${net}，请留意结算账户的入账。`,
      },
      en: {
        title: `Withdrawal paid: ${net}`,
        body: `Your withdrawal of ${amount} has been paid: ${net} is on its way to your settlement account.`,
      },
    },
    failed: {
      zh: {
        title: `提现打款失败 ${amount}`,
        body: `您申请的提现 ${amount} 打款失败${reason ? `，原因：${reason}` : ''}。冻结的金额已退回钱包。`,
      },
      en: {
        title: `Withdrawal payout failed: ${amount}`,
        body: `The payout of your withdrawal of ${amount} failed${reason ? `: ${reason}` : ''}. The frozen money is back in your wallet.`,
      },
    },
  };
  return notifyAgent(tx, {
    agentId: w.agentId,
    kind: `withdrawal.${what}`,
    // A failed payout may be retried and fail again: each freeze is its own event.
    key: `withdrawal.${what}:${w.id}${what === 'failed' ? `:${w.freezeEntryId}` : ''}`,
    ...text[what],
    link: `/pages/earnings/earningsWithdrawalInfo?id=${w.id}`,
  });
}

// --- terminals ---------------------------------------------------------------------------------

export interface TerminalMoveFacts {
  type: number;
  operationId: number;
  fromAgentId: number | null;
  toAgentId: number | null;
  count: number;
  firstSn: string;
  lastSn: string;
  autoPassAt?: Date | null;
}

const snRange = (m: TerminalMoveFacts) =>
  m.count === 1 || m.firstSn === m.lastSn ? m.firstSn : `${m.firstSn} – ${m.lastSn}`;

/**
 * Terminals allocated or transferred to an agent (the receiver is told), or a recall it is asked
 * to accept (the holder is told). Other operations tell no one.
 */
export function notifyTerminalMove(tx: DbOrTx, m: TerminalMoveFacts) {
  const sns = snRange(m);
  if (
    (m.type === TERMINAL_OPERATE_TYPE.ALLOCATE || m.type === TERMINAL_OPERATE_TYPE.TRANSFER) &&
    m.toAgentId != null
  ) {
    return notifyAgent(tx, {
      agentId: m.toAgentId,
      kind: 'terminals.allocated',
      key: `terminals.allocated:${m.operationId}`,
      zh: {
        title: `收到终端 ${m.count} 台`,
        body: `${m.count} 台终端已${m.type === TERMINAL_OPERATE_TYPE.TRANSFER ? '划拨' : '下发'}到您的库存（SN ${sns}），可在终端列表查看。`,
      },
      en: {
        title: `${m.count} terminal${m.count === 1 ? '' : 's'} received`,
        body: `${m.count} terminal${m.count === 1 ? ' was' : 's were'} ${m.type === TERMINAL_OPERATE_TYPE.TRANSFER ? 'transferred' : 'allocated'} to your stock (SN ${sns}); see them in your terminal list.`,
      },
      link: '/pages/home/terminal/terminalList',
    });
  }
  if (m.type === TERMINAL_OPERATE_TYPE.RECALL && m.fromAgentId != null) {
    const until = m.autoPassAt ? m.autoPassAt.toISOString() : null;
    const untilZh = until ? `在 ${shanghaiTime(m.autoPassAt!)}（北京时间）前` : '';
    return notifyAgent(tx, {
      agentId: m.fromAgentId,
      kind: 'terminals.recall',
      key: `terminals.recall:${m.operationId}`,
      zh: {
        title: `终端回拨待确认 ${m.count} 台`,
        body: `上级申请回拨您的 ${m.count} 台终端（SN ${sns}），请${untilZh}同意或拒绝，逾期自动通过。`,
      },
      en: {
        title: `Recall to answer: ${m.count} terminal${m.count === 1 ? '' : 's'}`,
        body: `Your upline asks to recall ${m.count} of your terminals (SN ${sns}). Accept or reject it${until ? ` by ${shanghaiTime(m.autoPassAt!)} (Beijing time)` : ''}; unanswered, it passes by itself.`,
      },
      link: '/pages/home/terminal/termBackList',
    });
  }
  return Promise.resolve(null);
}

/** 'yyyy-mm-dd hh:mm' in Asia/Shanghai. */
const shanghaiTime = (at: Date) =>
  new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

// --- mall, policies, identity --------------------------------------------------------------------

/** A mall order shipped: its terminals are in the buyer's stock. */
export function notifyOrderShipped(
  tx: DbOrTx,
  o: {
    id: number;
    agentId: number;
    orderNo: string;
    count: number;
    courier: string;
    waybillNo: string;
  },
) {
  return notifyAgent(tx, {
    agentId: o.agentId,
    kind: 'order.shipped',
    key: `order.shipped:${o.id}`,
    zh: {
      title: `订单已发货 ${o.orderNo}`,
      body: `您的商城订单 ${o.orderNo} 已发货（${o.courier} ${o.waybillNo}），${o.count} 台终端已进入您的库存。`,
    },
    en: {
      title: `Order shipped: ${o.orderNo}`,
      body: `Your mall order ${o.orderNo} has shipped (${o.courier} ${o.waybillNo}); its ${o.count} terminal${o.count === 1 ? ' is' : 's are'} in your stock.`,
    },
    link: `/pages/mall/order-detail?id=${o.id}`,
  });
}

/** A policy opened for an agent (`id` its agent policy), or its terms changed (each version once). */
export function notifyPolicyOpened(
  tx: DbOrTx,
  p: { agentId: number; id: number; version: number; created: boolean; name: string },
) {
  return notifyAgent(tx, {
    agentId: p.agentId,
    kind: 'policy.opened',
    key: `policy.opened:${p.id}:${p.version}`,
    zh: p.created
      ? {
          title: `政策已开通：${p.name}`,
          body: `已为您开通政策「${p.name}」，可查看您的结算价、奖励与分润条款。`,
        }
      : {
          title: `政策条款已调整：${p.name}`,
          body: `您的政策「${p.name}」的条款已调整（第 ${p.version} 版），可查看调整后的条款。`,
        },
    en: p.created
      ? {
          title: `Policy opened: ${p.name}`,
          body: `The policy "${p.name}" has been opened for you; see your cost rates, rewards and shares.`,
        }
      : {
          title: `Policy terms changed: ${p.name}`,
          body: `The terms of your policy "${p.name}" have changed (version ${p.version}); see the new terms.`,
        },
    link: `/pages/home/policy/policyInfo?id=${p.id}`,
  });
}

/** An identification (实名认证) reviewed: passed, or refused with the reason. */
export function notifyIdentityReviewed(
  tx: DbOrTx,
  agentId: number,
  outcome: { ok: true } | { ok: false; reason: string },
) {
  return notifyAgent(tx, {
    agentId,
    kind: 'identity.reviewed',
    // Each review is its own event (a refused one may be submitted again).
    key: `identity.reviewed:${agentId}:${randomUUID()}`,
    zh: outcome.ok
      ? { title: '实名认证已通过', body: '您的实名认证已通过审核，现在可以申请提现。' }
      : {
          title: '实名认证未通过',
          body: `您的实名认证未通过审核，原因：${outcome.reason}。请核对后重新提交。`,
        },
    en: outcome.ok
      ? {
          title: 'Identification passed',
          body: 'Your identification has been verified; you can now withdraw.',
        }
      : {
          title: 'Identification refused',
          body: `Your identification was refused: ${outcome.reason}. Please check it and submit it again.`,
        },
    link: '/pages/home/identification/index',
  });
}

// --- the daily earnings summary ----------------------------------------------------------------

/** The day whose summary is due at `now`: the Asia/Shanghai day before, once an hour has passed. */
export const summaryDayAt = (now: Date) =>
  shanghaiToday(new Date(now.getTime() - 3600_000 - 86_400_000));

/** Summaries written per transaction. */
const BATCH = 500;

/**
 * One message per agent with earnings on `day` (an Asia/Shanghai date): the day's total and each
 * kind with its count, from the day's ledger lines (their daily rollup, agent_daily_earnings,
 * which the ledger's insert trigger keeps equal to the lines). Keyed 'earnings:<agent>:<day>', so
 * running it again, or on two processes, writes each summary once. Tree by tree (each one index
 * range of the rollup by top and day), BATCH agents per transaction; the signal stops it between
 * two batches.
 */
export async function summariseDailyEarnings(
  db: Db,
  day: string,
  signal?: AbortSignal,
): Promise<{ processed: number; postedFen: number; unfinished?: boolean }> {
  let processed = 0;
  let postedFen = 0;
  const tops = await select(
    db,
    { id: agentRows.id },
    sql`FROM ${agentRows} WHERE ${agentRows.parentId} IS NULL ORDER BY ${agentRows.id}`,
  );
  for (const top of tops) {
    const found = await select(
      db,
      { agentId: e.agentId, infoType: e.infoType, fen: e.amountFen, n: e.lineCount },
      sql`FROM ${e}
           WHERE ${e.topId} = ${top.id} AND ${e.day} = ${day}::date
             AND ${e.infoType} = ANY(${sql.param([...EARNING_INFO_TYPES])}::text[])
             AND ${e.lineCount} > 0
             AND NOT EXISTS (SELECT 1 FROM messages m
                              WHERE m.event_key = 'earnings:' || ${e.agentId} || ':' || ${day})
           ORDER BY ${e.agentId}, ${e.infoType}`,
    );
    const byAgent = new Map<number, { type: string; fen: number; n: number }[]>();
    for (const r of found) {
      const id = r.agentId;
      const list = byAgent.get(id) ?? [];
      list.push({ type: r.infoType, fen: r.fen, n: r.n });
      byAgent.set(id, list);
    }
    const agents = [...byAgent.entries()];
    for (let i = 0; i < agents.length; i += BATCH) {
      if (signal?.aborted) return { processed, postedFen, unfinished: true };
      await db.transaction(async (tx) => {
        for (const [agentId, lines] of agents.slice(i, i + BATCH)) {
          const summary = earningsSummary(agentId, day, lines);
          if (await notifyAgent(tx, summary.event)) {
            processed += 1;
            postedFen += summary.totalFen;
          }
        }
      });
    }
  }
  return { processed, postedFen };
}

function earningsSummary(
  agentId: number,
  day: string,
  lines: { type: string; fen: number; n: number }[],
): { event: ProductEvent; totalFen: number } {
  const order = (t: string) => (EARNING_INFO_TYPES as readonly string[]).indexOf(t);
  const sorted = [...lines].sort((a, b) => order(a.type) - order(b.type));
  const total = sorted.reduce((s, l) => s + l.fen, 0);
  const count = sorted.reduce((s, l) => s + l.n, 0);
  const parts = (lang: 'zh' | 'en') =>
    sorted
      .map((l) =>
        lang === 'zh'
          ? `${ledgerInfoTypeLabel(l.type, 'zh')} ${yuan(l.fen)}（${l.n}笔）`
          : `${ledgerInfoTypeLabel(l.type, 'en')} ${yuan(l.fen)} (${l.n})`,
      )
      .join(lang === 'zh' ? '；' : '; ');
  const [, m, d] = day.split('-');
  const event: ProductEvent = {
    agentId,
    kind: 'earnings.daily',
    key: `earnings:${agentId}:${day}`,
    zh: {
      title: `${Number(m)}月${Number(d)}日收益 ${yuan(total)}`,
      body: `${day} 您的收益共 ${yuan(total)}（${count}笔），已入账钱包：${parts('zh')}。`,
    },
    en: {
      title: `Earnings of ${day}: ${yuan(total)}`,
      body: `On ${day} you earned ${yuan(total)} in ${count} line${count === 1 ? '' : 's'}, credited to your wallets: ${parts('en')}.`,
    },
    link: '/pages/earnings/earningsDetails',
  };
  return { event, totalFen: total };
}
