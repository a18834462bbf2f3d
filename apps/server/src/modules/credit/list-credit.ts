import {
  creditDueBy,
  creditSchedule,
  type CreditSaleInfo,
  type CreditSaleListParams,
  type CreditSalePage,
  type CreditSaleRow,
} from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  agents,
  creditDeductions,
  creditSales,
  terminalOperationItems,
  terminalOperations,
} from '../../db/schema';
import { select, selectOne, selection } from '../../db/typed';
import { andInTree } from '../../db/tree';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { shanghaiDay } from '../../lib/periods';
import { brief } from '../../db/terminals/parties';
import { sellerActions } from './decide-credit';

const s = alias(creditSales, 's');
const o = alias(terminalOperations, 'o');
const se = alias(agents, 'se');
const bu = alias(agents, 'bu');
const re = alias(agents, 're');

const SELLER = {
  sellerId: se.id,
  sellerName: se.name,
  sellerMobile: se.mobile,
  sellerPath: se.path,
};
const BUYER = { buyerId: bu.id, buyerName: bu.name, buyerMobile: bu.mobile, buyerPath: bu.path };
const SALE = selection({
  id: s.id,
  operationId: s.operationId,
  hop: s.hop,
  status: s.status,
  count: s.count,
  unitPriceFen: s.unitPriceFen,
  totalFen: s.totalFen,
  paidFen: s.paidFen,
  instalments: s.instalments,
  firstDay: s.firstDay,
  createdAt: s.createdAt,
  decidedAt: s.decidedAt,
  ...SELLER,
  ...BUYER,
  receiverId: re.id,
  receiverName: re.name,
  receiverMobile: re.mobile,
  receiverPath: re.path,
});
type SaleRow = ReturnType<typeof SALE.toRow>;

const SALE_FROM = sql`credit_sales s
  JOIN terminal_operations o ON ${o.id} = ${s.operationId}
  JOIN agents se ON ${se.id} = ${s.sellerAgentId}
  JOIN agents bu ON ${bu.id} = ${s.buyerAgentId}
  JOIN agents re ON ${re.id} = ${o.toAgentId}`;

/** Every table of the join kept to the caller's tree (the shard key, decision 020). */
const inTree = (caller: Caller) =>
  sql`${andInTree(sql`${s.topId}`, caller)}${andInTree(sql`${o.topId}`, caller)}${andInTree(sql`${se.topId}`, caller)}${andInTree(sql`${bu.topId}`, caller)}${andInTree(sql`${re.topId}`, caller)}`;

/** An Asia/Shanghai day as YYYY-MM-DD. */
const day = (v: string | null) => (v === null ? null : v.slice(0, 10));

function toRow(r: SaleRow, caller: Caller): CreditSaleRow {
  const status = r.status;
  const mineToSell = r.sellerId === caller.agentId;
  return {
    id: r.id,
    operationId: r.operationId,
    hop: r.hop,
    status,
    seller: brief(r.sellerId, r.sellerName, r.sellerMobile, caller, r.sellerPath),
    buyer: brief(r.buyerId, r.buyerName, r.buyerMobile, caller, r.buyerPath),
    receiver: brief(r.receiverId, r.receiverName, r.receiverMobile, caller, r.receiverPath),
    count: r.count,
    unitPriceFen: r.unitPriceFen,
    totalFen: r.totalFen,
    paidFen: r.paidFen,
    instalments: r.instalments,
    firstDay: day(r.firstDay),
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    canAnswer: status === 'pending' && r.receiverId === caller.agentId,
    actions: mineToSell ? sellerActions(status, r.hop) : [],
  };
}

/**
 * My credit purchases (role buyer: every debt I owe, the offers waiting for my answer among
 * them) or my credit sales (role seller), newest first, by keyset on the id.
 */
export async function listCreditSales(
  db: Db,
  caller: Caller,
  params: CreditSaleListParams,
): Promise<CreditSalePage> {
  // The receiver of an offer is the buyer of its last hop, so its offers are among its purchases.
  const mine: SQL =
    params.role === 'buyer'
      ? sql`${s.buyerAgentId} = ${caller.agentId}`
      : sql`${s.sellerAgentId} = ${caller.agentId}`;
  const found = await select(
    db,
    SALE,
    sql`FROM ${SALE_FROM}
         WHERE ${mine}${inTree(caller)}
           ${params.status ? sql`AND ${s.status} = ${params.status}` : sql``}
           ${params.cursor ? sql`AND ${s.id} < ${Number(params.cursor)}` : sql``}
         ORDER BY ${s.id} DESC LIMIT ${params.pageSize + 1}`,
  );
  const more = found.length > params.pageSize;
  const page = found.slice(0, params.pageSize).map((r) => toRow(r, caller));
  return { rows: page, nextCursor: more ? String(page.at(-1)!.id) : null };
}

/**
 * One sale as its seller, buyer or receiver sees it: the schedule with each instalment's day,
 * every day's deduction, what is owed now, the terminals and the whole chain of debts.
 */
export async function getCreditSale(
  db: Db,
  caller: Caller,
  id: number,
  now: Date = new Date(),
): Promise<CreditSaleInfo> {
  const r = await selectOne(
    db,
    SALE,
    sql`FROM ${SALE_FROM}
         WHERE ${s.id} = ${id}${inTree(caller)}
           AND ${caller.agentId} IN (${s.sellerAgentId}, ${s.buyerAgentId}, ${o.toAgentId})`,
  );
  if (!r) throw notFound('赊销记录不存在');
  const row = toRow(r, caller);
  const schedule = creditSchedule(row.totalFen, row.instalments, row.firstDay ?? '2000-01-01');
  const d = creditDeductions;
  const deductions = await select(
    db,
    {
      day: d.day,
      dueFen: d.dueFen,
      amountFen: d.amountFen,
      entryId: d.entryId,
      createdAt: d.createdAt,
    },
    sql`FROM credit_deductions
         WHERE ${d.saleId} = ${id}${andInTree(sql`${d.topId}`, caller)} ORDER BY ${d.day} DESC`,
  );
  const items = await select(
    db,
    { sn: terminalOperationItems.sn },
    sql`FROM terminal_operation_items WHERE ${terminalOperationItems.operationId} = ${row.operationId}
         ORDER BY ${terminalOperationItems.sn} LIMIT 200`,
  );
  const hops = await select(
    db,
    { hop: s.hop, ...SELLER, ...BUYER },
    sql`FROM credit_sales s JOIN agents se ON ${se.id} = ${s.sellerAgentId} JOIN agents bu ON ${bu.id} = ${s.buyerAgentId}
         WHERE ${s.operationId} = ${row.operationId}${andInTree(sql`${s.topId}`, caller)}${andInTree(sql`${se.topId}`, caller)}${andInTree(sql`${bu.topId}`, caller)}
         ORDER BY ${s.hop}`,
  );
  const owing = row.status === 'active' || row.status === 'paused';
  return {
    ...row,
    schedule: schedule.map((i) => ({
      seq: i.seq,
      dueDay: row.firstDay ? i.dueDay : null,
      amountFen: i.amountFen,
    })),
    deductions: deductions.map((x) => ({
      day: x.day.slice(0, 10),
      dueFen: x.dueFen,
      amountFen: x.amountFen,
      entryId: x.entryId,
      createdAt: x.createdAt.toISOString(),
    })),
    overdueFen: owing ? creditDueBy(schedule, row.paidFen, shanghaiDay(now)) : 0,
    sns: items.map((i) => i.sn),
    hops: hops.map((h) => ({
      hop: h.hop,
      seller: brief(h.sellerId, h.sellerName, h.sellerMobile, caller, h.sellerPath),
      buyer: brief(h.buyerId, h.buyerName, h.buyerMobile, caller, h.buyerPath),
    })),
  };
}
