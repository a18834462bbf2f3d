import {
  EARNING_INFO_TYPES,
  STATS_TREND_DAYS,
  statsChildrenQuery,
  statsReportQuery,
  type StatsChildren,
} from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { preparedText, rows } from '../src/db/client';
import { monthBounds } from '../src/lib/periods';
import { createSettlementFixture } from '../src/modules/settlement/fixtures';
import { runSettlement } from '../src/modules/settlement/run-settlement';
import { ingestNotification } from '../src/modules/transactions/ingest-notification';
import { getOverview } from '../src/modules/stats/get-overview';
import { getReport } from '../src/modules/stats/get-report';
import { listStatsChildren } from '../src/modules/stats/list-children';
import { readRange } from '../src/modules/stats/range';
import {
  dailyEarnings,
  dailyFigures,
  own,
  rangeFigures,
  rangeValues,
  team,
  terminalCounts,
} from '../src/modules/stats/figures-sql';
import { resolveStatsAgent } from '../src/modules/stats/scope';
import { inPathCopy } from '../src/db/tree';
import {
  addDays,
  dayStartInstant,
  monthDays,
  shanghaiMonth,
  shanghaiToday,
} from '../src/lib/shanghai-dates';
import { ledgerPageStatement } from '../src/modules/wallet/list-ledger';
import type { Caller } from '../src/plugins/auth';
import { createTestContext } from './helpers';
import { oldReport } from './fixtures/old-report';

// The slowest agent-app reads were made faster (issue 35) and this pins their results. The
// ledger page's statement was rewritten for speed twice (one prepared statement per filter
// combination; then the accounts read inside it, the running balance summed once per account,
// the merchant read by key). This pins its rows against the statement before the first rewrite,
// kept here word for word as the reference, on the same data: every agent of a chain, every
// wallet and filter combination, page after page by cursor, and past the fifth call, when
// PostgreSQL moves a prepared statement to its generic plan.
const ctx = await createTestContext();
const db = ctx.database.db;
const { demo } = ctx;
const chain = [demo.top, demo.child, demo.grandchild].map((a) => ({
  id: a.id,
  path: a.path,
  topId: a.topId,
  parentId: a.parentId,
}));
const fx = await createSettlementFixture(db, chain, { tag: 'LQ', terminals: 2 });
let seq = 0;
for (const amountFen of [1_000_000, 23_456, 789_000, 5_000, 314_159, 42_000, 99_999]) {
  await ingestNotification(db, {
    txnId: `LQ${++seq}`,
    kind: 1,
    sn: fx.sns[seq % 2]!,
    amountFen,
    payType: 1,
    totalType: 1,
    cardType: 1,
    method: 1,
    status: 1,
    tradeTime: new Date().toISOString(),
  });
  await runSettlement(db);
}

interface Filters {
  topId: number | null;
  infoTypes: string[] | null;
  range: { start: Date; end: Date } | null;
  before: number | null;
}

const andInTree = (column: string, topId: number | null) =>
  topId === null ? sql`` : sql` AND ${sql.raw(column)} = ${topId}`;

/** The statement as it was before the first rewrite (list-ledger.ts, issue 35). */
function oldStatement(accountIds: number[], limit: number, f: Filters): SQL {
  const filters: SQL[] = [];
  if (f.infoTypes) filters.push(sql`l.info_type = ANY(${sql.param(f.infoTypes)}::text[])`);
  if (f.range)
    filters.push(sql`l.created_at >= ${f.range.start} AND l.created_at < ${f.range.end}`);
  if (f.before !== null) filters.push(sql`l.id < ${f.before}`);
  const where = filters.length ? sql` AND ${sql.join(filters, sql` AND `)}` : sql``;
  const walks = accountIds.map(
    (
      id,
    ) => sql`(SELECT l.id, l.account_id, l.info_type, l.amount_fen, l.txn_id, l.volume_fen, l.detail, l.created_at
                    FROM ledger_lines l
                   WHERE l.account_id = ${id}${andInTree('l.top_id', f.topId)}${where}
                   ORDER BY l.id DESC LIMIT ${limit + 1})`,
  );
  return sql`SELECT w.*, t.sn, m.name AS merchant_name, o.amount_fen AS orig_amount_fen,
                 a.balance_fen - coalesce((SELECT sum(n.amount_fen) FROM ledger_lines n
                                            WHERE n.account_id = w.account_id AND n.id > w.id${andInTree('n.top_id', f.topId)}), 0) AS balance_after
            FROM (SELECT * FROM (${sql.join(walks, sql` UNION ALL `)}) u ORDER BY id DESC LIMIT ${limit + 1}) w
            JOIN ledger_accounts a ON a.id = w.account_id${andInTree('a.top_id', f.topId)}
            LEFT JOIN LATERAL (SELECT x.sn, x.merchant_id, x.orig_txn_id FROM transactions x
                                WHERE x.id = w.txn_id${andInTree('x.top_id', f.topId)} LIMIT 1) t ON true
            LEFT JOIN LATERAL (SELECT y.amount_fen FROM transactions y
                                WHERE y.id = t.orig_txn_id${andInTree('y.top_id', f.topId)} LIMIT 1) o ON true
            LEFT JOIN merchants m ON m.id = t.merchant_id${andInTree('m.top_id', f.topId)}
           ORDER BY w.id DESC`;
}

const shape = (list: Record<string, unknown>[]) =>
  list.map((r) => ({
    id: String(r.id),
    account: String(r.account_id),
    infoType: r.info_type,
    amount: String(r.amount_fen),
    txn: r.txn_id == null ? null : String(r.txn_id),
    volume: r.volume_fen == null ? null : String(r.volume_fen),
    detail: typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail,
    at: new Date(r.created_at as string).toISOString(),
    sn: r.sn ?? null,
    merchant: r.merchant_name ?? null,
    orig: r.orig_amount_fen == null ? null : String(r.orig_amount_fen),
    balanceAfter: String(r.balance_after),
  }));

const month = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);

describe('the ledger page statement', () => {
  it('returns what the statement it replaced returned, for every agent, filter and page', async () => {
    let comparedLines = 0;
    for (const agent of chain) {
      for (const walletType of [null, 'profit', 'frozen']) {
        // The accounts as listLedger read them before its statement read them itself.
        const accounts = await rows<{ id: unknown }>(
          db,
          sql`SELECT id FROM ledger_accounts
             WHERE agent_id = ${agent.id} AND kind = 'agent' AND top_id = ${agent.topId}
               ${walletType ? sql`AND wallet_type = ${walletType}` : sql`AND wallet_type <> 'points'`} ORDER BY id`,
        );
        const ids = accounts.map((a) => Number(a.id));
        if (ids.length === 0) {
          // No such wallet: the old code read no page at all; the new statement reads none.
          const none = await preparedText(
            db,
            ...ledgerPageStatement({ agentId: agent.id, walletType }, 21, {
              topId: agent.topId,
              infoTypes: null,
              range: null,
              before: null,
            }),
          );
          expect(none).toEqual([]);
          continue;
        }
        for (const infoTypes of [null, [...EARNING_INFO_TYPES], ['no_such_type']]) {
          for (const range of [null, monthBounds(month), monthBounds('2020-01')]) {
            for (const topId of [agent.topId, null]) {
              for (const pageSize of [2, 20]) {
                let before: number | null = null;
                // Page by cursor until the end; each filter combination runs more than five times
                // over the agents, sizes and pages, so the generic plans are compared too.
                for (let page = 0; page < 50; page++) {
                  const f: Filters = { topId, infoTypes, range, before };
                  const old = shape(await rows(db, oldStatement(ids, pageSize, f)));
                  const found = await preparedText<Record<string, unknown>>(
                    db,
                    ...ledgerPageStatement({ agentId: agent.id, walletType }, pageSize + 1, f),
                  );
                  const now = shape(found);
                  expect(now).toEqual(old);
                  // Each line names the wallet it is of, one of those the old statement walked.
                  for (const r of found) {
                    const [w] = await rows<{ wallet_type: string }>(
                      db,
                      sql`SELECT wallet_type FROM ledger_accounts WHERE id = ${r.account_id}`,
                    );
                    expect(r.wallet_type).toBe(w!.wallet_type);
                  }
                  comparedLines += now.length;
                  if (old.length <= pageSize) break;
                  before = Number(old[pageSize - 1]!.id);
                }
              }
            }
          }
        }
      }
    }
    // The comparison ran over real lines, not only empty pages.
    expect(comparedLines).toBeGreaterThan(100);
  }, 300_000);
});

describe('the data tab (stats overview)', () => {
  it('reads the same figures as prepared statements as it did as ordinary queries', async () => {
    // Inside a transaction the rollup reads run as ordinary queries, as they all did before;
    // on the pool they are named prepared statements, on the generic plan after five calls.
    const months = [undefined, month, '2020-01'];
    let nonZero = 0;
    for (let round = 0; round < 7; round++) {
      for (const agent of chain) {
        const caller: Caller = {
          agentId: agent.id,
          role: 'agent',
          path: agent.path,
          topId: agent.topId,
          sessionId: 'pin',
          mustChangePassword: false,
        };
        for (const m of months) {
          const query = m ? { month: m } : {};
          const now = new Date();
          const prepared = await getOverview(db, caller, query, now);
          const plain = await db.transaction((tx) => getOverview(tx, caller, query, now));
          expect(prepared).toEqual(plain);
          if (prepared.team.tradeAmountFen > 0 && prepared.earningsFen > 0) nonZero++;
        }
      }
    }
    // The figures compared were real ones, not only empty months.
    expect(nonZero).toBeGreaterThan(0);
  });
});

/** The data tab as it was read before it became one statement (get-overview.ts, issue 35). */
async function oldOverview(caller: Caller, query: { month?: string }, now: Date) {
  const agent = await resolveStatsAgent(db, caller);
  const today = shanghaiToday(now);
  const month = query.month ?? shanghaiMonth(now);
  const { first, last } = monthDays(month);
  const end = last < today ? last : today;
  const trendFrom = addDays(end, -(STATS_TREND_DAYS - 1));
  const [ownFigures, teamFigures, earnings, counts, ownDaily, teamDaily, bound] = await Promise.all(
    [
      rangeFigures(db, own(agent.id, caller.topId), first, last),
      rangeFigures(db, team(agent.path, agent.topId, caller.topId), first, last),
      dailyEarnings(db, agent.id, first, last, caller.topId),
      terminalCounts(db, agent.path),
      dailyFigures(db, own(agent.id, caller.topId), trendFrom, end),
      dailyFigures(db, team(agent.path, agent.topId, caller.topId), trendFrom, end),
      rows<{ own: unknown; team: unknown }>(
        db,
        sql`SELECT count(*) FILTER (WHERE t.holder_path = (${agent.path} COLLATE "C")) AS own, count(*) AS team
          FROM terminals t
          WHERE t.bind_status IN (1, 3) AND t.deleted_at IS NULL
            AND ${inPathCopy(sql`t.holder_path`, agent.path)}
            AND t.bound_at >= ${dayStartInstant(first).toISOString()}::timestamptz
            AND t.bound_at < ${dayStartInstant(addDays(last, 1)).toISOString()}::timestamptz`,
      ),
    ],
  );
  const trend = [];
  for (let day = trendFrom; day <= end; day = addDays(day, 1)) {
    const t = teamDaily.get(day);
    trend.push({
      day,
      ownAmountFen: ownDaily.get(day)?.tradeAmountFen ?? 0,
      teamAmountFen: t?.tradeAmountFen ?? 0,
      teamCount: t?.tradeCount ?? 0,
    });
  }
  return {
    month,
    today,
    own: ownFigures,
    team: teamFigures,
    earningsFen: [...earnings.values()].reduce((s, v) => s + v, 0),
    newTerminals: { own: Number(bound[0]?.own ?? 0), team: Number(bound[0]?.team ?? 0) },
    terminals: counts,
    trend,
  };
}

describe('the data tab as one statement', () => {
  it('reads what its seven statements read, for every agent and month, past the fifth call', async () => {
    const months = [undefined, month, monthBefore(month), '2020-01'];
    let nonZero = 0;
    for (let round = 0; round < 7; round++) {
      for (const agent of [...chain, demo.otherTop]) {
        const caller: Caller = {
          agentId: agent.id,
          role: 'agent',
          path: agent.path,
          topId: agent.topId,
          sessionId: 'pin',
          mustChangePassword: false,
        };
        for (const m of months) {
          const query = m ? { month: m } : {};
          const now = new Date();
          const { agent: _shown, ...figures } = await getOverview(db, caller, query, now);
          expect(figures).toEqual(await oldOverview(caller, query, now));
          if (
            figures.team.tradeAmountFen > 0 &&
            figures.earningsFen > 0 &&
            figures.terminals.team.activated > 0 &&
            figures.trend.some((d) => d.teamCount > 0)
          )
            nonZero++;
        }
      }
    }
    // The figures compared were real ones, not only empty months.
    expect(nonZero).toBeGreaterThan(0);
  });
});

function monthBefore(m: string): string {
  const [y, mo] = m.split('-').map(Number) as [number, number];
  return mo === 1 ? `${y - 1}-12` : `${y}-${String(mo - 1).padStart(2, '0')}`;
}

describe('the statistics reads per variant', () => {
  // Issue 35: the report's and the sub-agents' statements are compiled once per variant (scope,
  // tree, how the range splits into whole months and edge spans) and bind their values per call.
  // For ranges of every cut, agents and an operator (no tree), they answer what the reads before
  // them answered, and the same on the pool (prepared, past the fifth call) as in a transaction
  // (ordinary queries).
  const operator: Caller = {
    agentId: demo.operator.id,
    role: 'operator',
    path: demo.operator.path,
    topId: null,
    sessionId: 'pin',
    mustChangePassword: false,
  };
  const asAgent = (agent: (typeof chain)[number]): Caller => ({
    agentId: agent.id,
    role: 'agent',
    path: agent.path,
    topId: agent.topId,
    sessionId: 'pin',
    mustChangePassword: false,
  });

  it('reads what its three statements read, prepared or not, for every cut of a range', async () => {
    const today = shanghaiToday(new Date());
    const prev = monthBefore(month);
    const prevPrev = monthBefore(prev);
    const ranges = [
      {},
      { from: today, to: today },
      { from: `${prev}-15`, to: today },
      { from: `${prev}-01`, to: today },
      { from: `${prevPrev}-15`, to: today },
      { from: `${prevPrev}-01`, to: monthDays(prev).last },
      { from: '2020-01-10', to: '2020-03-20' },
      { from: '2020-02-03', to: '2020-02-09' },
    ];
    const cuts = new Set<string>();
    let days = 0;
    for (let round = 0; round < 2; round++) {
      for (const agent of chain) {
        const callers: [Caller, number | undefined][] = [
          [asAgent(agent), undefined],
          [asAgent(chain[0]!), agent.id],
          [operator, agent.id],
        ];
        for (const [caller, agentId] of callers) {
          for (const scope of ['team', 'own']) {
            for (const range of ranges) {
              let cursor: string | undefined;
              for (let page = 0; page < 20; page++) {
                const q = statsReportQuery.parse({
                  scope,
                  agentId,
                  pageSize: 10,
                  cursor,
                  ...range,
                });
                const { from, to } = readRange(q, new Date());
                cuts.add(rangeValues('r', from, to).cut);
                const prepared = await getReport(db, caller, q);
                const plain = await db.transaction((tx) => getReport(tx, caller, q));
                expect(prepared).toEqual(plain);
                expect({ totals: prepared.totals, rows: prepared.rows }).toEqual(
                  await oldReport(db, caller, q),
                );
                days += prepared.rows.filter(
                  (r) => r.tradeAmountFen > 0 && r.earningsFen > 0,
                ).length;
                if (!prepared.nextCursor) break;
                cursor = prepared.nextCursor;
              }
            }
          }
        }
      }
    }
    // Whole months alone, edges alone, and both, with one and two edges.
    expect(cuts.size).toBeGreaterThanOrEqual(5);
    expect(days).toBeGreaterThan(0);
  }, 300_000);

  it('lists sub-agents with what their teams read before, prepared or not, for every cut', async () => {
    const today = shanghaiToday(new Date());
    const prev = monthBefore(month);
    const ranges = [
      { from: `${month}-01`, to: today },
      { from: `${prev}-15`, to: today },
      { from: `${monthBefore(prev)}-15`, to: today },
      { from: '2020-01-01', to: '2020-03-31' },
    ];
    let figures = 0;
    for (let round = 0; round < 2; round++) {
      for (const agent of chain) {
        const callers: [Caller, number | undefined][] = [
          [asAgent(agent), undefined],
          [operator, agent.id],
        ];
        for (const [caller, agentId] of callers) {
          for (const range of ranges) {
            const listed: StatsChildren['rows'] = [];
            let cursor: string | undefined;
            for (let page = 0; page < 50; page++) {
              const q = statsChildrenQuery.parse({ agentId, pageSize: 1, cursor, ...range });
              const prepared = await listStatsChildren(db, caller, q);
              const plain = await db.transaction((tx) => listStatsChildren(tx, caller, q));
              expect(prepared).toEqual(plain);
              listed.push(...prepared.rows);
              if (!prepared.nextCursor) break;
              cursor = prepared.nextCursor;
            }
            // The rows and figures the statement read before, one sub-agent at a time.
            const { from, to } = readRange(range, new Date());
            const children = await rows<{ id: unknown; path: string; top_id: unknown }>(
              db,
              sql`SELECT id, path, top_id FROM agents
                   WHERE parent_id = ${agentId ?? agent.id} AND role = 'agent' ORDER BY id`,
            );
            expect(listed.map((r) => r.id)).toEqual(children.map((k) => Number(k.id)));
            for (const [k, row] of children.entries()) {
              const who = team(row.path, Number(row.top_id), caller.topId);
              expect(listed[k]!.team).toEqual(await rangeFigures(db, who, from, to));
              if (listed[k]!.team.tradeAmountFen > 0) figures++;
            }
          }
        }
      }
    }
    expect(figures).toBeGreaterThan(0);
  }, 300_000);

  it('answers an operator without an agent, and an agent outside the scope, as a missing row', async () => {
    const outside = asAgent(chain[2]!);
    const top = statsReportQuery.parse({ agentId: chain[0]!.id });
    for (let round = 0; round < 7; round++) {
      await expect(getOverview(db, operator, {})).rejects.toMatchObject({ err: 'NOT_FOUND' });
      await expect(getReport(db, outside, top)).rejects.toMatchObject({ err: 'NOT_FOUND' });
    }
    await expect(db.transaction((tx) => getOverview(tx, operator, {}))).rejects.toMatchObject({
      err: 'NOT_FOUND',
    });
    await expect(db.transaction((tx) => getReport(tx, outside, top))).rejects.toMatchObject({
      err: 'NOT_FOUND',
    });
  });
});
