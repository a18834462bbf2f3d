import {
  creditDueBy,
  creditSchedule,
  type CreditSaleInfo,
  type CreditSaleListParams,
  type CreditSalePage,
  type CreditSaleRow,
  type CreditStatus,
} from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { andInTree } from '../../db/tree';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { shanghaiDay } from '../settlement/periods';
import { brief } from '../terminals/parties';
import { sellerActions } from './decide-credit';
import { isoOrEpoch, isoOrNull, num } from '../../db/convert';

const SALE_COLUMNS = sql`s.id, s.operation_id, s.hop, s.status, s.count, s.unit_price_fen, s.total_fen, s.paid_fen,
  s.instalments, s.first_day, s.created_at, s.decided_at,
  se.id AS seller_id, se.name AS seller_name, se.mobile AS seller_mobile, se.path AS seller_path,
  bu.id AS buyer_id, bu.name AS buyer_name, bu.mobile AS buyer_mobile, bu.path AS buyer_path,
  re.id AS receiver_id, re.name AS receiver_name, re.mobile AS receiver_mobile, re.path AS receiver_path`;

const SALE_FROM = sql`credit_sales s
  JOIN terminal_operations o ON o.id = s.operation_id
  JOIN agents se ON se.id = s.seller_agent_id
  JOIN agents bu ON bu.id = s.buyer_agent_id
  JOIN agents re ON re.id = o.to_agent_id`;

/** Every table of the join kept to the caller's tree (the shard key, decision 020). */
const inTree = (caller: Caller) =>
  sql`${andInTree(sql`s.top_id`, caller)}${andInTree(sql`o.top_id`, caller)}${andInTree(sql`se.top_id`, caller)}${andInTree(sql`bu.top_id`, caller)}${andInTree(sql`re.top_id`, caller)}`;

const day = (v: unknown) =>
  v == null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);

function toRow(r: Record<string, unknown>, caller: Caller): CreditSaleRow {
  const party = (p: 'seller' | 'buyer' | 'receiver') =>
    brief(
      num(r[`${p}_id`]),
      String(r[`${p}_name`]),
      String(r[`${p}_mobile`]),
      caller,
      String(r[`${p}_path`]),
    );
  const status = r.status as CreditStatus;
  const hop = num(r.hop);
  const mineToSell = num(r.seller_id) === caller.agentId;
  return {
    id: num(r.id),
    operationId: num(r.operation_id),
    hop,
    status,
    seller: party('seller'),
    buyer: party('buyer'),
    receiver: party('receiver'),
    count: num(r.count),
    unitPriceFen: num(r.unit_price_fen),
    totalFen: num(r.total_fen),
    paidFen: num(r.paid_fen),
    instalments: num(r.instalments),
    firstDay: day(r.first_day),
    createdAt: isoOrEpoch(r.created_at),
    decidedAt: isoOrNull(r.decided_at),
    canAnswer: status === 'pending' && num(r.receiver_id) === caller.agentId,
    actions: mineToSell ? sellerActions(status, hop) : [],
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
      ? sql`s.buyer_agent_id = ${caller.agentId}`
      : sql`s.seller_agent_id = ${caller.agentId}`;
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${SALE_COLUMNS} FROM ${SALE_FROM}
         WHERE ${mine}${inTree(caller)}
           ${params.status ? sql`AND s.status = ${params.status}` : sql``}
           ${params.cursor ? sql`AND s.id < ${Number(params.cursor)}` : sql``}
         ORDER BY s.id DESC LIMIT ${params.pageSize + 1}`,
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
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${SALE_COLUMNS} FROM ${SALE_FROM}
         WHERE s.id = ${id}${inTree(caller)}
           AND ${caller.agentId} IN (s.seller_agent_id, s.buyer_agent_id, o.to_agent_id)`,
  );
  if (!r) throw notFound('赊销记录不存在');
  const row = toRow(r, caller);
  const schedule = creditSchedule(row.totalFen, row.instalments, row.firstDay ?? '2000-01-01');
  const deductions = await rows<Record<string, unknown>>(
    db,
    sql`SELECT day, due_fen, amount_fen, entry_id, created_at FROM credit_deductions
         WHERE sale_id = ${id}${andInTree('top_id', caller)} ORDER BY day DESC`,
  );
  const items = await rows<{ sn: string }>(
    db,
    sql`SELECT sn FROM terminal_operation_items WHERE operation_id = ${row.operationId} ORDER BY sn LIMIT 200`,
  );
  const hops = await rows<Record<string, unknown>>(
    db,
    sql`SELECT s.hop, se.id AS seller_id, se.name AS seller_name, se.mobile AS seller_mobile, se.path AS seller_path,
               bu.id AS buyer_id, bu.name AS buyer_name, bu.mobile AS buyer_mobile, bu.path AS buyer_path
          FROM credit_sales s JOIN agents se ON se.id = s.seller_agent_id JOIN agents bu ON bu.id = s.buyer_agent_id
         WHERE s.operation_id = ${row.operationId}${andInTree(sql`s.top_id`, caller)}${andInTree(sql`se.top_id`, caller)}${andInTree(sql`bu.top_id`, caller)}
         ORDER BY s.hop`,
  );
  const owing = row.status === 'active' || row.status === 'paused';
  return {
    ...row,
    schedule: schedule.map((i) => ({
      seq: i.seq,
      dueDay: row.firstDay ? i.dueDay : null,
      amountFen: i.amountFen,
    })),
    deductions: deductions.map((d) => ({
      day: day(d.day)!,
      dueFen: num(d.due_fen),
      amountFen: num(d.amount_fen),
      entryId: d.entry_id == null ? null : num(d.entry_id),
      createdAt: isoOrEpoch(d.created_at),
    })),
    overdueFen: owing ? creditDueBy(schedule, row.paidFen, shanghaiDay(now)) : 0,
    sns: items.map((i) => i.sn),
    hops: hops.map((h) => ({
      hop: num(h.hop),
      seller: brief(
        num(h.seller_id),
        String(h.seller_name),
        String(h.seller_mobile),
        caller,
        String(h.seller_path),
      ),
      buyer: brief(
        num(h.buyer_id),
        String(h.buyer_name),
        String(h.buyer_mobile),
        caller,
        String(h.buyer_path),
      ),
    })),
  };
}
