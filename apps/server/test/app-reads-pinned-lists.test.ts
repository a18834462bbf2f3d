import {
  maskName,
  merchantListQuery,
  standardCheckQuery,
  statsReportQuery,
  teamListQuery,
  terminalListQuery,
  terminalOperationListQuery,
  teamStatsQuery,
  tradeListQuery,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { listMerchants } from '../src/modules/merchants/list-merchants';
import { getReport } from '../src/modules/stats/get-report';
import { listStandardChecks } from '../src/modules/checks/list-standard-checks';
import { getMerchantSummary } from '../src/modules/merchants/get-merchant-summary';
import { getTerminalSummary } from '../src/modules/terminals/get-terminal-summary';
import { getTeamStats } from '../src/modules/team/get-team-stats';
import { listOperations } from '../src/modules/terminals/list-operations';
import { listTerminals } from '../src/modules/terminals/list-terminals';
import { listTeam } from '../src/modules/team/list-team';
import { listTrades } from '../src/modules/transactions/list-trades';
import type { Caller } from '../src/plugins/auth';
import { createTestContext } from './helpers';
import { oldReport } from './fixtures/old-report';

// Issue 35 made more agent-app reads named prepared statements (planned once per connection,
// then run on PostgreSQL's generic plan) and read the merchant and agent of a trade, and the
// agent of a merchant, by key through a LATERAL instead of a join. This pins what they answer on
// the demo data: on the pool (prepared, past the fifth call, when the generic plan takes over)
// the same as inside a transaction (ordinary queries, as before), and the lists' rows the same as
// the joins they replaced, kept here as the reference.
const ctx = await createTestContext();
const db = ctx.database.db;
const { demo } = ctx;
const callers: Caller[] = [demo.top, demo.child, demo.grandchild, demo.otherTop].map((a) => ({
  agentId: a.id,
  role: 'agent',
  path: a.path,
  topId: a.topId,
  sessionId: 'pin',
  mustChangePassword: false,
}));
/** An operator: above every tree, every agent's rows in reach. */
const operator: Caller = {
  agentId: demo.operator.id,
  role: 'operator',
  path: demo.operator.path,
  topId: null,
  sessionId: 'pin',
  mustChangePassword: false,
};
const month = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);

/** Every page of a keyset list, by its cursors (or its first `pages`). */
async function allPages<T>(
  page: (cursor: string | undefined) => Promise<{ rows: T[]; nextCursor: string | null }>,
  pages = 100,
): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < pages; i++) {
    const p = await page(cursor);
    out.push(...p.rows);
    if (!p.nextCursor) break;
    cursor = p.nextCursor;
  }
  return out;
}

/** The same read on the pool (prepared) and in a transaction (ordinary queries), 7 times. */
async function samePreparedAndPlain<T>(read: (d: typeof db) => Promise<T>): Promise<T> {
  let last: T | undefined;
  for (let round = 0; round < 7; round++) {
    const prepared = await read(db);
    const plain = await db.transaction((tx) => read(tx as unknown as typeof db));
    expect(prepared).toEqual(plain);
    last = prepared;
  }
  return last!;
}

describe('the team tab reads as prepared statements', () => {
  it('myAgent/stats answers the same as ordinary queries', async () => {
    let figures = 0;
    for (const caller of callers) {
      for (const m of [month, '2020-01']) {
        const r = await samePreparedAndPlain((d) =>
          getTeamStats(d, caller, teamStatsQuery.parse({ month: m })),
        );
        if (r.team.tradeAmountFen > 0 && r.trend.some((t) => t.tradeCount > 0)) figures++;
      }
    }
    expect(figures).toBeGreaterThan(0);
  });

  it('myAgent/list answers the same as ordinary queries, every sort and page', async () => {
    let members = 0;
    for (const caller of callers) {
      for (const sort of ['volume', 'newMerchants', 'stock', 'createdAt']) {
        for (const order of ['desc', 'asc']) {
          const list = await samePreparedAndPlain((d) =>
            allPages(async (cursor) =>
              listTeam(d, caller, teamListQuery.parse({ sort, order, pageSize: 2, cursor })),
            ),
          );
          members += list.length;
        }
      }
    }
    expect(members).toBeGreaterThan(0);
  }, 300_000);
});

describe('the statistics report as one statement', () => {
  it('reads what its three statements read, for every agent, scope, range and page', async () => {
    let days = 0;
    for (let round = 0; round < 2; round++) {
      for (const caller of callers) {
        for (const scope of ['team', 'own']) {
          for (const range of [
            {},
            { from: `${month}-01` },
            { from: '2020-01-01', to: '2020-03-31' },
          ]) {
            let cursor: string | undefined;
            for (let page = 0; page < 20; page++) {
              const q = statsReportQuery.parse({ scope, pageSize: 7, cursor, ...range });
              const now = await getReport(db, caller, q);
              const old = await oldReport(db, caller, q);
              expect({ totals: now.totals, rows: now.rows }).toEqual(old);
              days += now.rows.filter((r) => r.tradeAmountFen > 0 && r.earningsFen > 0).length;
              if (!now.nextCursor) break;
              cursor = now.nextCursor;
            }
          }
        }
      }
    }
    expect(days).toBeGreaterThan(0);
  }, 300_000);

  it('answers the same as prepared statements as ordinary queries', async () => {
    let days = 0;
    for (const caller of callers) {
      for (const scope of ['team', 'own']) {
        const list = await samePreparedAndPlain((d) =>
          allPages(async (cursor) => {
            const r = await getReport(
              d,
              caller,
              statsReportQuery.parse({ scope, pageSize: 7, cursor }),
            );
            return { rows: r.rows, nextCursor: r.nextCursor };
          }),
        );
        days += list.filter((r) => r.tradeAmountFen > 0).length;
      }
    }
    expect(days).toBeGreaterThan(0);
  }, 300_000);
});

describe('the merchant list', () => {
  it('lists what the join it replaced listed, prepared or not, page after page', async () => {
    let compared = 0;
    for (const caller of callers) {
      for (const condition of ['all', 'notActivated']) {
        const list = await samePreparedAndPlain((d) =>
          allPages((cursor) =>
            listMerchants(d, caller, merchantListQuery.parse({ condition, pageSize: 20, cursor })),
          ),
        );
        if (condition !== 'all') continue;
        // The statement before issue 35: the merchant's agent by a plain join, in the tree.
        const old = await rows<{ id: unknown; agent_name: string; n: unknown; activated: unknown }>(
          db,
          sql`SELECT m.id, a.name AS agent_name, coalesce(tc.n, 0) AS n, coalesce(tc.activated, 0) AS activated
                FROM merchants m JOIN agents a ON a.id = m.agent_id AND a.top_id = ${caller.topId}
                LEFT JOIN LATERAL (SELECT count(*) AS n, count(*) FILTER (WHERE t.bind_status = 3) AS activated
                  FROM terminals t WHERE t.merchant_id = m.id AND t.top_id = ${caller.topId} AND t.deleted_at IS NULL) tc ON TRUE
               WHERE m.agent_path >= (${caller.path} COLLATE "C") AND m.agent_path < (${caller.path + '~'} COLLATE "C")
                 AND m.top_id = ${caller.topId}
               ORDER BY m.agent_path, m.id DESC`,
        );
        expect(
          list.map((r) => ({ id: r.id, n: r.terminalCount, activated: r.activatedCount })),
        ).toEqual(
          old.map((r) => ({ id: Number(r.id), n: Number(r.n), activated: Number(r.activated) })),
        );
        // The agent's name as shown: the caller's own, else masked (decision 010).
        for (const [i, r] of list.entries()) {
          if (r.own) expect(r.agentName).toBe(old[i]!.agent_name);
        }
        compared += list.length;
      }
    }
    expect(compared).toBeGreaterThan(0);
  }, 300_000);
});

describe('the trade list', () => {
  it('lists what the joins it replaced listed, prepared or not, page after page', async () => {
    let compared = 0;
    for (const caller of callers) {
      for (const scope of ['all', 'own', 'team']) {
        const list = await samePreparedAndPlain((d) =>
          allPages((cursor) =>
            listTrades(d, caller, tradeListQuery.parse({ scope, pageSize: 20, cursor })),
          ),
        );
        if (scope !== 'all') continue;
        // The statement before issue 35: merchant and agent by plain joins, in the tree.
        const old = await rows<{
          id: unknown;
          merchant_name: string | null;
          agent_name: string | null;
          fee: unknown;
        }>(
          db,
          sql`SELECT t.id, m.name AS merchant_name, a.name AS agent_name,
                     coalesce(t.fee_fen, t.settled_fee_fen) AS fee
                FROM (SELECT t.*, (SELECT st.fee_fen FROM settlements st WHERE st.txn_id = t.id) AS settled_fee_fen
                        FROM transactions t
                       WHERE t.top_id = ${caller.topId} AND t.agent_path >= ${caller.path}
                         AND t.agent_path < ${caller.path + '~'}) t
                LEFT JOIN merchants m ON m.id = t.merchant_id AND m.top_id = ${caller.topId}
                LEFT JOIN agents a ON a.id = t.agent_id AND a.top_id = ${caller.topId}
               ORDER BY t.trade_time DESC, t.id DESC`,
        );
        expect(
          list.map((r) => ({
            id: r.id,
            merchant: r.merchantName,
            agent: r.agentName,
            fee: r.feeFen,
          })),
        ).toEqual(
          old.map((r) => ({
            id: Number(r.id),
            merchant: r.merchant_name,
            agent: r.agent_name === null ? null : maskName(r.agent_name),
            fee: r.fee === null ? null : Number(r.fee),
          })),
        );
        compared += list.filter((r) => r.merchantName !== null).length;
      }
    }
    expect(compared).toBeGreaterThan(0);
  }, 300_000);
});

describe('the standard check page as a prepared statement per variant', () => {
  // Issue 35: the page became one statement per variant (scope, tree, SN, cursor, result),
  // compiled once with placeholders. On the pool it answers what the same read answers as
  // ordinary queries in a transaction, for every filter and page, agents and an operator.
  const previous = new Date(Date.now() + 8 * 3600_000 - 31 * 86_400_000).toISOString().slice(0, 7);

  it('lists the same terminals and results, prepared or not, page after page', async () => {
    let shown = 0;
    const results = new Set<number>();
    for (const caller of [...callers, operator]) {
      for (const m of [month, previous]) {
        // Every result filter, and an SN prefix; pages of 20 (the app's), the first also of 7.
        const filters = [
          { result: undefined, sn: undefined, pageSize: 7 },
          ...[undefined, 1, -1, 0, -2].map((result) => ({ result, sn: undefined, pageSize: 20 })),
          { result: undefined, sn: 'XN0000', pageSize: 20 },
        ];
        // A past month (its pending results become met or not): every filter; this month: two.
        for (const filter of m === month ? filters.slice(0, 2) : filters) {
          // The first five pages: the first page's text and the next's.
          const list = await samePreparedAndPlain((d) =>
            allPages(
              async (cursor) =>
                listStandardChecks(
                  d,
                  caller,
                  standardCheckQuery.parse({ month: m, ...filter, cursor }),
                ),
              5,
            ),
          );
          shown += list.length;
          for (const row of list) results.add(row.result);
        }
      }
    }
    expect(shown).toBeGreaterThan(0);
    expect(results.size).toBeGreaterThan(1);
  }, 300_000);

  it('pages the unfiltered list by index as the filtered reads list it: their union, in order', async () => {
    // Without a result filter the page is cut before the joins; with one, every candidate is
    // read. The four filters cover every result, so together they list what the unfiltered
    // read lists.
    let listed = 0;
    for (const caller of [...callers, operator]) {
      const read = (result?: number) =>
        allPages(async (cursor) =>
          listStandardChecks(db, caller, standardCheckQuery.parse({ result, pageSize: 7, cursor })),
        );
      const whole = await read();
      const parts = (await Promise.all([-2, -1, 0, 1].map(read))).flat();
      const key = (r: { sn: string }) => r.sn;
      const byScope = new Map(whole.map((r, i) => [key(r), i]));
      parts.sort((a, b) => byScope.get(key(a))! - byScope.get(key(b))!);
      expect(parts).toEqual(whole);
      listed += whole.length;
    }
    expect(listed).toBeGreaterThan(20);
  }, 300_000);
});

describe('the terminal operation records as a prepared statement per variant', () => {
  // Issue 35: the page and its SN runs became named prepared statements compiled once per
  // variant (role, type, status, cursor, tree). On the pool they answer what the same reads
  // answer as ordinary queries in a transaction, for every filter and page.

  it('lists the same records and SN runs, prepared or not, page after page', async () => {
    let records = 0;
    let runs = 0;
    for (const caller of [...callers, operator]) {
      const filters = [
        { role: 'all', pageSize: 20 },
        { role: 'mine', pageSize: 20 },
        { role: 'incoming', pageSize: 20 },
        { role: 'all', type: 1, pageSize: 20 },
        { role: 'all', status: 1, pageSize: 20 },
      ];
      for (const filter of filters) {
        // The first five pages: the first page's text and the next's.
        const list = await samePreparedAndPlain((d) =>
          allPages(
            async (cursor) =>
              listOperations(d, caller, terminalOperationListQuery.parse({ ...filter, cursor })),
            5,
          ),
        );
        records += list.length;
        runs += list.filter((r) => r.snRuns.length > 0).length;
      }
    }
    expect(records).toBeGreaterThan(0);
    expect(runs).toBeGreaterThan(0);
  }, 300_000);
});

describe('the merchant summary as one statement', () => {
  // Issue 35: four statements one after another became one. It answers what they answered
  // (kept here as the reference: the counts over merchants and activated terminals, and the
  // terminal summary's totals), prepared or not, for agents and an operator.
  async function oldSummary(caller: Caller) {
    const scope = (column: string) =>
      caller.role === 'operator'
        ? sql`TRUE`
        : sql`(${sql.raw(column)} >= (${caller.path} COLLATE "C") AND ${sql.raw(column)} < (${`${caller.path}~`} COLLATE "C"))`;
    const [r] = await rows<Record<string, string>>(
      db,
      sql`SELECT count(*) AS total, count(*) FILTER (WHERE agent_id = ${caller.agentId}) AS own,
            count(*) FILTER (WHERE created_at >= (date_trunc('month', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')) AS new_this_month,
            count(*) FILTER (WHERE licence_status <> 2) AS no_licence,
            count(*) FILTER (WHERE identify_status <> 1) AS not_identified
          FROM merchants WHERE ${scope('agent_path')}`,
    );
    const [a] = await rows<Record<string, string>>(
      db,
      sql`SELECT count(DISTINCT merchant_id) AS n FROM terminals
           WHERE bind_status = 3 AND deleted_at IS NULL AND ${scope('holder_path')}`,
    );
    const terminals = await getTerminalSummary(db, caller, {});
    return {
      total: Number(r!.total),
      own: Number(r!.own),
      newThisMonth: Number(r!.new_this_month),
      withActivated: Number(a!.n),
      noLicence: Number(r!.no_licence),
      notIdentified: Number(r!.not_identified),
      terminals: terminals.all,
    };
  }

  it('answers what its four statements answered, prepared or not', async () => {
    let merchants = 0;
    for (const caller of [...callers, operator]) {
      const summary = await samePreparedAndPlain((d) => getMerchantSummary(d, caller));
      expect(summary).toEqual(await oldSummary(caller));
      merchants += summary.total + summary.terminals.total;
    }
    expect(merchants).toBeGreaterThan(0);
  });
});

describe('the terminal list as a prepared statement per variant', () => {
  // Issue 35: the page became one statement per set of filters, compiled once with
  // placeholders. On the pool it answers what the same read answers as ordinary queries in a
  // transaction, for each filter and page, agents and an operator.

  it('lists the same terminals, prepared or not, filter by filter and page after page', async () => {
    /** The first four pages of 20 (the app's page size): the first page's text and the next's. */
    const firstPages = async (
      d: typeof db,
      caller: Caller,
      filter: Record<string, string | number>,
    ) => {
      const out = [];
      let cursor: string | undefined;
      for (let i = 0; i < 4; i++) {
        const p = await listTerminals(d, caller, terminalListQuery.parse({ ...filter, cursor }));
        out.push(p);
        if (!p.nextCursor) break;
        cursor = p.nextCursor;
      }
      return out;
    };
    let listed = 0;
    for (const caller of [...callers, operator]) {
      const filters: Record<string, string | number>[] = [
        {},
        { bindStatus: 0 },
        { bindStatus: 3, operable: 'true' },
        { sn: 'xn0000' },
      ];
      if (caller.role === 'agent') filters.push({ holderAgentId: caller.agentId });
      for (const filter of filters) {
        const pages = await samePreparedAndPlain((d) => firstPages(d, caller, filter));
        listed += pages.reduce((n, p) => n + p.rows.length, 0);
      }
    }
    expect(listed).toBeGreaterThan(0);
  }, 300_000);
});
