import {
  EARNING_INFO_TYPES,
  EARNING_WALLET,
  type LedgerLine,
  type LedgerPage,
  type LedgerParams,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import { nameByText, preparedText, type DbOrTx } from '../../db/client';
import {
  agentDailyEarnings,
  ledgerAccounts,
  ledgerLines,
  merchants,
  transactions,
} from '../../db/schema';
import { decode, orNull, preparedSelect, selection } from '../../db/typed';
import { badRequest } from '../../lib/app-error';
import { dayStartInstant, shiftMonth } from '../../lib/shanghai-dates';
import type { Caller } from '../../plugins/auth';
import { andInTree } from '../../db/tree';

/** The first instant of an Asia/Shanghai month, and of the next one. */
const monthBounds = (month: string) => ({
  start: dayStartInstant(`${month}-01`),
  end: dayStartInstant(`${shiftMonth(month, 1)}-01`),
});

/**
 * A line of the page as the statement names it (its columns keep the names callers and the pinned
 * test read), typed by the schema: the page's line `w`, its account `acc`, its transaction `t`,
 * the original payment `o` and the merchant `m` (those three outer-joined).
 */
const w = alias(ledgerLines, 'w');
const acc = alias(ledgerAccounts, 'acc');
const t = alias(transactions, 't');
const o = alias(transactions, 'o');
const m = alias(merchants, 'm');
const LINE = selection({
  id: w.id,
  account_id: w.accountId,
  info_type: w.infoType,
  amount_fen: w.amountFen,
  txn_id: w.txnId,
  volume_fen: w.volumeFen,
  detail: w.detail,
  created_at: w.createdAt,
  wallet_type: acc.walletType,
  sn: orNull(t.sn),
  merchant_name: orNull(m.name),
  orig_amount_fen: orNull(o.amountFen),
  balance_after: sql`${acc.balanceFen} - coalesce(later.s, 0)`.mapWith(decode.number),
});
/** The SELECT list as text: column references only, no values. */
const LINE_LIST = new PgDialect().sqlToQuery(LINE.list).sql;
type DriverRow = Parameters<typeof LINE.toRow>[0];

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
  const range = q.month ? monthBounds(q.month) : null;
  const before = q.cursor ? Number(q.cursor) : null;
  const limit = q.pageSize;
  const raw = await preparedText<DriverRow>(
    db,
    ...ledgerPageStatement(
      { agentId: caller.agentId, walletType: q.walletType ?? null },
      limit + 1,
      { topId: caller.topId ?? null, infoTypes, range, before },
    ),
  );
  const found = raw.map(LINE.toRow);
  const page = found.slice(0, limit);
  const out: LedgerLine[] = page.map((r) => {
    const detail = r.detail as { sn?: string } | null;
    return {
      id: r.id,
      walletType: r.wallet_type as LedgerLine['walletType'],
      infoType: r.info_type,
      amountFen: r.amount_fen,
      txnId: r.txn_id,
      volumeFen: r.volume_fen,
      source: r.merchant_name ?? r.sn ?? detail?.sn ?? null,
      originalAmountFen: r.orig_amount_fen,
      balanceAfterFen: r.balance_after,
      createdAt: r.created_at.toISOString(),
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
    const [sum] = await preparedSelect(
      db,
      nameByText('ledger_month_total'),
      MONTH_TOTAL,
      sql`FROM ${e}
           WHERE ${e.agentId} = ${caller.agentId}${andInTree(sql`${e.topId}`, caller)}
             AND ${e.day} >= ${`${q.month}-01`}::date
             AND ${e.day} < (${`${q.month}-01`}::date + interval '1 month')
             ${types ? sql`AND ${e.infoType} = ANY(${sql.param(types)}::text[])` : sql``}`,
    );
    // A sum without GROUP BY: one row, always.
    if (!sum) throw new Error('month total read no row');
    monthTotalFen = sum.total;
  }
  return {
    rows: out,
    nextCursor: found.length > limit ? String(out[out.length - 1]!.id) : null,
    monthTotalFen,
  };
}

const e = agentDailyEarnings;
const MONTH_TOTAL = selection({
  total: sql`coalesce(sum(${e.amountFen}), 0)`.mapWith(decode.number),
});

interface LedgerPageFilters {
  topId: number | null;
  infoTypes: string[] | null;
  range: { start: Date; end: Date } | null;
  before: number | null;
}

/** Whose ledger: an agent's own wallets, one of them or every one but points. */
export interface LedgerOwner {
  agentId: number;
  walletType: string | null;
}

/**
 * The statement of one ledger page as fixed text with $n placeholders, and its values, run as a
 * named prepared statement per combination of filters (planned once per connection, then on the
 * generic plan, which prunes partitions at run time). One round trip reads the owner's accounts,
 * walks each on its (account, id) index, merges the walks by id and names each line's terminal,
 * merchant and original payment.
 *
 * Balance after a line is the wallet's balance less every later line of it, in one snapshot, as
 * before (docs/performance.md, "Agent app reads"); it is summed once per account rather than once
 * per line: each account's lines from the page's oldest line of it onwards are read once and a
 * running sum (newest first) gives every line's "later" total. On the first page without filters
 * those are the page's own lines. The running sums are MATERIALIZED: left inline, PostgreSQL ran
 * them once per line of the page (21 walks of the account's index instead of one; 17.6 ms of its
 * CPU a page on a 300,000-transaction team, issue 35). The merchant is read by its primary key
 * through a LATERAL: as a
 * plain join the generic plan scanned the tree's merchants for every line.
 */
export function ledgerPageStatement(
  owner: LedgerOwner,
  take: number,
  f: LedgerPageFilters,
): [name: string, text: string, values: unknown[]] {
  const values: unknown[] = [owner.agentId, take];
  const param = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const tree = f.topId === null ? null : param(f.topId);
  const inTree = (column: string) => (tree ? ` AND ${column} = ${tree}::bigint` : '');
  const wallet = owner.walletType
    ? `a.wallet_type = ${param(owner.walletType)}`
    : `a.wallet_type <> 'points'`;
  let where = '';
  if (f.infoTypes)
    where += ` AND l.info_type IN (SELECT jsonb_array_elements_text(${param(JSON.stringify(f.infoTypes))}::jsonb))`;
  if (f.range)
    where += ` AND l.created_at >= ${param(f.range.start.toISOString())}::timestamptz AND l.created_at < ${param(f.range.end.toISOString())}::timestamptz`;
  if (f.before !== null) where += ` AND l.id < ${param(f.before)}::bigint`;
  const name =
    'ledger_page3' +
    (tree ? '_tree' : '') +
    (owner.walletType ? '_wallet' : '') +
    (f.infoTypes ? '_types' : '') +
    (f.range ? '_month' : '') +
    (f.before !== null ? '_before' : '');
  const text = `WITH acc AS MATERIALIZED (
    SELECT a.id, a.wallet_type, a.balance_fen FROM ledger_accounts a
     WHERE a.agent_id = $1::bigint AND a.kind = 'agent'${inTree('a.top_id')} AND ${wallet}),
  page AS MATERIALIZED (
    SELECT u.* FROM acc
     CROSS JOIN LATERAL (SELECT l.id, l.account_id, l.info_type, l.amount_fen, l.txn_id, l.volume_fen, l.detail, l.created_at
                           FROM ledger_lines l
                          WHERE l.account_id = acc.id${inTree('l.top_id')}${where}
                          ORDER BY l.id DESC LIMIT $2::int) u
     ORDER BY u.id DESC LIMIT $2::int),
  later AS MATERIALIZED (
    SELECT r.id, sum(r.amount_fen) OVER (PARTITION BY r.account_id ORDER BY r.id DESC
                                         ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS s
      FROM (SELECT p.account_id, min(p.id) AS lo FROM page p GROUP BY p.account_id) b
     CROSS JOIN LATERAL (SELECT n.id, n.account_id, n.amount_fen FROM ledger_lines n
                          WHERE n.account_id = b.account_id AND n.id >= b.lo${inTree('n.top_id')}) r)
SELECT ${LINE_LIST}
  FROM page w
  JOIN acc ON acc.id = w.account_id
  LEFT JOIN later ON later.id = w.id
  LEFT JOIN LATERAL (SELECT x.sn, x.merchant_id, x.orig_txn_id FROM transactions x
                      WHERE x.id = w.txn_id${inTree('x.top_id')} LIMIT 1) t ON true
  LEFT JOIN LATERAL (SELECT y.amount_fen FROM transactions y
                      WHERE y.id = t.orig_txn_id${inTree('y.top_id')} LIMIT 1) o ON true
  LEFT JOIN LATERAL (SELECT mm.name FROM merchants mm
                      WHERE mm.id = t.merchant_id${inTree('mm.top_id')} LIMIT 1) m ON true
 ORDER BY w.id DESC`;
  return [name, text, values];
}
