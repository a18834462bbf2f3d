import {
  EARNING_INFO_TYPES,
  EARNING_WALLET,
  type LedgerLine,
  type LedgerPage,
  type LedgerParams,
} from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { num } from '../ledger/accounts';
import { monthBounds } from '../settlement/periods';
import { andInTree } from '../../db/tree';

const iso = (v: unknown) => new Date(v as string).toISOString();

/**
 * The caller's ledger, newest first, in keyset pages (cursor = the last line id): every wallet,
 * or one (account details); every info type, some, or earnings only (earnings details); all time
 * or one Asia/Shanghai month. Each of the caller's accounts is walked on its (account, id) index
 * and the walks are merged, so a page costs the same whatever the history. Only the caller's own
 * wallets: an agent never reads another's ledger. Every row is read in the caller's tree (top_id,
 * decision 020): its accounts and lines, and the transactions and merchants they name.
 */
export async function listLedger(db: DbOrTx, caller: Caller, q: LedgerParams): Promise<LedgerPage> {
  const infoTypes = q.infoType
    ? q.infoType.split(',')
    : q.earningsOnly
      ? [...EARNING_INFO_TYPES]
      : null;
  if (infoTypes && infoTypes.some((t) => t.length > 40))
    throw badRequest('收支类型不正确', 'infoType');
  const accounts = await rows<{ id: unknown; wallet_type: string }>(
    db,
    sql`SELECT id, wallet_type FROM ledger_accounts
         WHERE agent_id = ${caller.agentId} AND kind = 'agent'${andInTree('top_id', caller)}
           ${q.walletType ? sql`AND wallet_type = ${q.walletType}` : sql`AND wallet_type <> 'points'`}
         ORDER BY id`,
  );
  const range = q.month ? monthBounds(q.month) : null;
  const before = q.cursor ? Number(q.cursor) : null;
  const limit = q.pageSize;
  const filters: SQL[] = [];
  if (infoTypes) filters.push(sql`l.info_type = ANY(${sql.param(infoTypes)}::text[])`);
  if (range) filters.push(sql`l.created_at >= ${range.start} AND l.created_at < ${range.end}`);
  if (before !== null) filters.push(sql`l.id < ${before}`);
  const where = filters.length ? sql` AND ${sql.join(filters, sql` AND `)}` : sql``;
  let found: Record<string, unknown>[] = [];
  if (accounts.length > 0) {
    const walks = accounts.map(
      (
        a,
      ) => sql`(SELECT l.id, l.account_id, l.info_type, l.amount_fen, l.txn_id, l.volume_fen, l.detail, l.created_at
                    FROM ledger_lines l
                   WHERE l.account_id = ${num(a.id)}${andInTree('l.top_id', caller)}${where}
                   ORDER BY l.id DESC LIMIT ${limit + 1})`,
    );
    found = await rows<Record<string, unknown>>(
      db,
      // The balance after a line is the wallet's balance less every later line of it, read in the
      // same statement (one snapshot), so postings arriving meanwhile cannot skew it.
      sql`SELECT w.*, t.sn, m.name AS merchant_name, o.amount_fen AS orig_amount_fen,
                 a.balance_fen - coalesce((SELECT sum(n.amount_fen) FROM ledger_lines n
                                            WHERE n.account_id = w.account_id AND n.id > w.id${andInTree('n.top_id', caller)}), 0) AS balance_after
            FROM (SELECT * FROM (${sql.join(walks, sql` UNION ALL `)}) u ORDER BY id DESC LIMIT ${limit + 1}) w
            JOIN ledger_accounts a ON a.id = w.account_id${andInTree('a.top_id', caller)}
            LEFT JOIN LATERAL (SELECT x.sn, x.merchant_id, x.orig_txn_id FROM transactions x
                                WHERE x.id = w.txn_id${andInTree('x.top_id', caller)} LIMIT 1) t ON true
            LEFT JOIN LATERAL (SELECT y.amount_fen FROM transactions y
                                WHERE y.id = t.orig_txn_id${andInTree('y.top_id', caller)} LIMIT 1) o ON true
            LEFT JOIN merchants m ON m.id = t.merchant_id${andInTree('m.top_id', caller)}
           ORDER BY w.id DESC`,
    );
  }
  const walletOf = new Map(accounts.map((a) => [num(a.id), a.wallet_type]));
  const page = found.slice(0, limit);
  const out: LedgerLine[] = page.map((r) => {
    const detail = (typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail) as {
      sn?: string;
    } | null;
    return {
      id: num(r.id),
      walletType: walletOf.get(num(r.account_id)) ?? 'profit',
      infoType: String(r.info_type),
      amountFen: num(r.amount_fen),
      txnId: r.txn_id == null ? null : num(r.txn_id),
      volumeFen: r.volume_fen == null ? null : num(r.volume_fen),
      source: (r.merchant_name as string | null) ?? (r.sn as string | null) ?? detail?.sn ?? null,
      originalAmountFen: r.orig_amount_fen == null ? null : num(r.orig_amount_fen),
      balanceAfterFen: num(r.balance_after),
      createdAt: iso(r.created_at),
    };
  });
  let monthTotalFen: number | null = null;
  if (q.month) {
    // From the daily rollup, by info type; a wallet filter keeps the info types paid into it.
    let types = infoTypes ?? null;
    if (q.walletType) {
      const ofWallet = Object.entries(EARNING_WALLET)
        .filter(([, w]) => w === q.walletType)
        .map(([t]) => t);
      types = (types ?? ofWallet).filter((t) => ofWallet.includes(t));
    }
    const [m] = await rows<{ total: unknown }>(
      db,
      sql`SELECT coalesce(sum(amount_fen), 0) AS total FROM agent_daily_earnings
           WHERE agent_id = ${caller.agentId}${andInTree('top_id', caller)}
             AND day >= ${`${q.month}-01`}::date
             AND day < (${`${q.month}-01`}::date + interval '1 month')
             ${types ? sql`AND info_type = ANY(${sql.param(types)}::text[])` : sql``}`,
    );
    monthTotalFen = num(m?.total);
  }
  return {
    rows: out,
    nextCursor: found.length > limit ? String(out[out.length - 1]!.id) : null,
    monthTotalFen,
  };
}
