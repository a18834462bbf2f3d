import {
  creditSchedule,
  OPERATE_STATUS,
  type CreditSalePreview,
  type CreditSaleRequest,
  type CreditSaleResult,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { agents, creditSales, terminalOperations } from '../../db/schema';
import { decode, select, selectOne } from '../../db/typed';
import { andInTree, isOperator } from '../../db/tree';
import { badRequest, conflict } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { firstOffence, planMove, type MovePlan } from '../../db/terminals/move-plan';
import { brief, type Party } from '../../db/terminals/parties';

/** One debt of a sale on credit: `seller` sells the terminals to `buyer`. */
interface Hop {
  hop: number;
  seller: Party;
  buyer: Party;
}

class BatchMismatch extends Error {}

/** The debts a sale on credit recorded (the CTE of sellOnCredit). */
const madeSale = alias(creditSales, 'made');

/**
 * The chain of debts a sale on credit makes: one hop for an allocation to a direct child; for a
 * transfer deeper down, one per level from the seller to the receiver (each agent between them
 * buys from its parent and sells to its child), read from the agents whose paths lie between.
 */
async function chainOf(db: DbOrTx, plan: MovePlan): Promise<Hop[]> {
  const parties: Party[] = await select(
    db,
    {
      id: agents.id,
      path: agents.path,
      topId: agents.topId,
      parentId: agents.parentId,
      name: agents.name,
      mobile: agents.mobile,
      status: agents.status,
    },
    sql`FROM agents
         WHERE ${plan.to.path} LIKE path || '%' AND path LIKE ${plan.from.path + '%'}
           AND role = 'agent'${andInTree('top_id', { topId: plan.to.topId })}
         ORDER BY length(path)`,
  );
  if (parties[0]?.id !== plan.from.id || parties.at(-1)?.id !== plan.to.id) {
    throw new Error(`credit chain from ${plan.from.id} to ${plan.to.id} not found`);
  }
  return parties.slice(1).map((buyer, i) => ({ hop: i, seller: parties[i]!, buyer }));
}

/** The move, checked by the terminal rules, and the chain of debts it would make. */
async function planCreditSale(db: Db, caller: Caller, input: CreditSaleRequest) {
  if (isOperator(caller)) throw badRequest('平台下发不支持赊销', 'type');
  const plan = await planMove(db, caller, { ...input, type: input.type });
  const offence = await firstOffence(db, caller, plan);
  if (offence) throw offence;
  const hops = await chainOf(db, plan);
  const inactive = hops.find((h) => h.buyer.status !== 0);
  if (inactive)
    throw badRequest(`链路上的代理商${inactive.buyer.name}已停用，不能赊销`, 'toAgentId');
  return { plan, hops, totalFen: input.unitPriceFen * plan.selection.count };
}

/**
 * What a sale on credit would do, changing nothing: how many terminals, the price, the schedule
 * (instalment 1 falls due the day the receiver accepts, one more each day after) and every debt of the chain.
 */
export async function previewCreditSale(
  db: Db,
  caller: Caller,
  input: CreditSaleRequest,
): Promise<CreditSalePreview> {
  const { plan, hops, totalFen } = await planCreditSale(db, caller, input);
  return {
    type: plan.type,
    count: plan.selection.count,
    unitPriceFen: input.unitPriceFen,
    totalFen,
    instalments: input.instalments,
    schedule: creditSchedule(totalFen, input.instalments, '2000-01-01').map((i) => ({
      seq: i.seq,
      dueDay: null,
      amountFen: i.amountFen,
    })),
    hops: hops.map((h) => ({
      hop: h.hop,
      seller: brief(h.seller.id, h.seller.name, h.seller.mobile, caller, h.seller.path),
      buyer: brief(h.buyer.id, h.buyer.name, h.buyer.mobile, caller, h.buyer.path),
    })),
  };
}

/**
 * Offers terminals on credit: the terminals are locked under a pending allocate or transfer
 * (they move only when the receiver accepts), and one pending debt per hop is recorded, all in
 * one transaction. The lock repeats every eligibility rule of a move, so a terminal that changed
 * meanwhile fails the whole batch, named by the same message as a move.
 */
export async function sellOnCredit(
  db: Db,
  caller: Caller,
  input: CreditSaleRequest,
  now: Date = new Date(),
): Promise<CreditSaleResult> {
  const { plan, hops, totalFen } = await planCreditSale(db, caller, input);
  try {
    return await db.transaction(async (tx) => {
      const [op] = await tx
        .insert(terminalOperations)
        .values({
          type: plan.type,
          status: OPERATE_STATUS.PENDING,
          operatorId: caller.agentId,
          fromAgentId: plan.from.id,
          toAgentId: plan.to.id,
          topId: plan.to.topId,
          count: plan.selection.count,
          firstSn: plan.selection.firstSn,
          lastSn: plan.selection.lastSn,
          reason: input.reason ?? '',
          createdAt: now,
        })
        .returning({ id: terminalOperations.id });
      const operationId = op!.id;
      const locked = await selectOne(
        tx,
        { n: sql`count(*)`.mapWith(decode.number) },
        sql`FROM items`,
        {
          with: sql`WITH locked AS (
              UPDATE terminals t SET pending_operation_id = ${operationId}, updated_at = ${now}
               WHERE ${plan.selection.where(sql`t`)} AND t.deleted_at IS NULL
                 AND t.holder_path = ${plan.from.path}${andInTree(sql`t.top_id`, caller)} AND t.bind_status = 0
                 AND t.pending_operation_id IS NULL
              RETURNING t.id, t.sn
            ), items AS (
              INSERT INTO terminal_operation_items (operation_id, terminal_id, sn)
              SELECT ${operationId}, id, sn FROM locked RETURNING 1
            )`,
        },
      );
      if (locked?.n !== plan.selection.count) throw new BatchMismatch();
      const made = await select(tx, { id: madeSale.id, hop: madeSale.hop }, sql`FROM made`, {
        with: sql`WITH made AS (
            INSERT INTO credit_sales (operation_id, hop, seller_agent_id, buyer_agent_id, top_id, count,
                                      unit_price_fen, total_fen, instalments, created_at, updated_at)
            SELECT ${operationId}, h.hop, h.seller, h.buyer, ${plan.to.topId}, ${plan.selection.count},
                   ${input.unitPriceFen}, ${totalFen}, ${input.instalments}, ${now}, ${now}
              FROM unnest(${sql.param(hops.map((h) => h.hop))}::smallint[],
                          ${sql.param(hops.map((h) => h.seller.id))}::bigint[],
                          ${sql.param(hops.map((h) => h.buyer.id))}::bigint[]) AS h(hop, seller, buyer)
            RETURNING id, hop)`,
      });
      const first = made.find((m) => m.hop === 0);
      return {
        operationId,
        saleId: first!.id,
        status: 'pending' as const,
        count: plan.selection.count,
        totalFen,
      };
    });
  } catch (err) {
    if (err instanceof BatchMismatch) {
      throw (await firstOffence(db, caller, plan)) ?? conflict('终端状态已变化，请刷新后重试');
    }
    throw err;
  }
}
