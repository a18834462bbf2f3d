import { EARNING_INFO_TYPES, maskName } from '@pos/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { rows } from '../src/db/client';
import { configProblems } from '../src/ops/config-check';
import { rankDays, refreshRankBoards } from '../src/modules/rank/list-rank';
import { adminCall, adminLogin } from './admin-helpers';
import {
  bearer,
  clearOfShanghaiMidnight,
  createTestContext,
  DEMO_ACCOUNTS,
  loginAs,
} from './helpers';

// The rankings: an agent sees only its own top-level tree, platform accounts are never ranked,
// names follow decision 010, and every figure equals what the rollups hold for the period.

await clearOfShanghaiMidnight(60_000);
const { app, demo, database } = await createTestContext({ adminTotp: false });
const db = database.db;
const tokens = {
  top: await loginAs(app, DEMO_ACCOUNTS.top.mobile),
  child: await loginAs(app, DEMO_ACCOUNTS.child.mobile),
  grandchild: await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile),
  otherTop: await loginAs(app, DEMO_ACCOUNTS.otherTop.mobile),
  operator: await loginAs(app, DEMO_ACCOUNTS.operator.mobile, DEMO_ACCOUNTS.operator.password),
};

interface RankBody {
  from: string;
  to: string;
  ranked: number;
  rows: { rank: number; agentId: number; name: string; value: number; isSelf: boolean }[];
  mine: { rank: number | null; value: number; name: string } | null;
}
const rank = async (token: string, metric: string, period: string): Promise<RankBody> => {
  const res = await app.inject({
    method: 'GET',
    url: `/prod-api/api/ag/rank/list?metric=${metric}&period=${period}`,
    headers: bearer(token),
  });
  const body = res.json();
  expect(body.code, body.msg).toBe(200);
  return body.data;
};

const agents = await rows<{
  id: unknown;
  name: string;
  path: string;
  top_id: unknown;
  is_specific_account: boolean;
}>(db, sql`SELECT id, name, path, top_id, is_specific_account FROM agents WHERE role = 'agent'`);
const agentOf = new Map(agents.map((a) => [Number(a.id), a]));
const treeOf = (id: number) => Number(agentOf.get(id)!.top_id);

// Today's figures large enough to lead both trees, on agents of each; one of the top tree's
// agents is made a platform account and must drop out of every ranking.
const today = rankDays('day').to;
const [platformAgent] = await rows<{ id: unknown }>(
  db,
  sql`SELECT id FROM agents WHERE top_id = ${demo.top.id} AND id NOT IN (${demo.top.id}, ${demo.child.id}, ${demo.grandchild.id}) ORDER BY id LIMIT 1`,
);
const platformId = Number(platformAgent!.id);
await db.execute(sql`UPDATE agents SET is_specific_account = true WHERE id = ${platformId}`);
agentOf.get(platformId)!.is_specific_account = true;
const boosts: [number, number, number][] = [
  [demo.grandchild.id, 900_000_000, 40],
  [demo.child.id, 700_000_000, 30],
  [platformId, 990_000_000, 50],
  [demo.otherTop.id, 995_000_000, 60],
];
for (const [id, fen, activated] of boosts) {
  await db.execute(sql`
    INSERT INTO agent_daily_stats AS d (agent_id, top_id, day, trade_amount_fen, trade_count, activated_terminals)
    VALUES (${id}, ${treeOf(id)}, ${today}::date, ${fen}, 1, ${activated})
    ON CONFLICT (agent_id, day) DO UPDATE SET
      trade_amount_fen = d.trade_amount_fen + EXCLUDED.trade_amount_fen,
      activated_terminals = d.activated_terminals + EXCLUDED.activated_terminals`);
  await db.execute(sql`
    INSERT INTO agent_daily_earnings AS e (agent_id, day, info_type, top_id, amount_fen, line_count)
    VALUES (${id}, ${today}::date, ${EARNING_INFO_TYPES[0]}, ${treeOf(id)}, ${fen / 1000}, 1)
    ON CONFLICT (agent_id, day, info_type) DO UPDATE SET amount_fen = e.amount_fen + EXCLUDED.amount_fen`);
}

/** Each agent's figure as the rollups hold it, summed day by day (never the monthly rollup). */
async function expected(metric: string, from: string, to: string): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (metric === 'earnings') {
    const found = await rows<{ agent_id: unknown; v: unknown }>(
      db,
      sql`SELECT agent_id, sum(amount_fen) AS v FROM agent_daily_earnings
           WHERE day BETWEEN ${from}::date AND ${to}::date
             AND info_type = ANY(${sql.param([...EARNING_INFO_TYPES])}::text[]) GROUP BY agent_id`,
    );
    for (const r of found) out.set(Number(r.agent_id), Number(r.v));
    return out;
  }
  const column =
    metric === 'activations' ? sql.raw('activated_terminals') : sql.raw('trade_amount_fen');
  const found = await rows<{ agent_id: unknown; v: unknown }>(
    db,
    sql`SELECT agent_id, sum(${column}) AS v FROM agent_daily_stats
         WHERE day BETWEEN ${from}::date AND ${to}::date GROUP BY agent_id`,
  );
  if (metric !== 'teamVolume') {
    for (const r of found) out.set(Number(r.agent_id), Number(r.v));
    return out;
  }
  // A team's volume: every agent's own volume counts for it and each of its ancestors.
  for (const r of found) {
    for (const id of agentOf.get(Number(r.agent_id))!.path.split('/').filter(Boolean)) {
      out.set(Number(id), (out.get(Number(id)) ?? 0) + Number(r.v));
    }
  }
  return out;
}

/** The ranking the rollups give for a tree: figures above zero, platform accounts left out. */
function ranking(figures: Map<number, number>, tree: number | null) {
  return [...figures]
    .filter(([id, v]) => {
      const a = agentOf.get(id);
      return v > 0 && a && !a.is_specific_account && (tree === null || Number(a.top_id) === tree);
    })
    .sort((x, y) => y[1] - x[1] || x[0] - y[0]);
}

describe('GET /api/ag/rank/list', () => {
  for (const metric of ['volume', 'activations', 'earnings', 'teamVolume']) {
    for (const period of ['day', 'week', 'month']) {
      it(`${metric} over the ${period}: the tree's figures as the rollups hold them, and my rank`, async () => {
        const body = await rank(tokens.child, metric, period);
        expect(body).toMatchObject(rankDays(period as 'day'));
        const figures = await expected(metric, body.from, body.to);
        const want = ranking(figures, demo.top.id);
        expect(body.ranked).toBe(want.length);
        expect(body.rows.map((r) => [r.agentId, r.value])).toEqual(want.slice(0, 20));
        for (const row of body.rows) {
          expect(row.rank).toBe(1 + want.filter(([, v]) => v > row.value).length);
        }
        const mineValue = figures.get(demo.child.id) ?? 0;
        expect(body.mine).toEqual({
          rank: mineValue > 0 ? 1 + want.filter(([, v]) => v > mineValue).length : null,
          value: mineValue,
          name: DEMO_ACCOUNTS.child.name,
        });
        expect(body.rows.filter((r) => r.isSelf).map((r) => r.agentId)).toEqual(
          body.rows.some((r) => r.agentId === demo.child.id) ? [demo.child.id] : [],
        );
      });
    }
  }

  it('never shows another top-level tree, nor a platform account', async () => {
    for (const [token, tree] of [
      [tokens.top, demo.top.id],
      [tokens.grandchild, demo.top.id],
      [tokens.otherTop, demo.otherTop.id],
    ] as const) {
      for (const metric of ['volume', 'teamVolume', 'earnings']) {
        const body = await rank(token, metric, 'day');
        expect(body.rows.length).toBeGreaterThan(0);
        for (const row of body.rows) expect(treeOf(row.agentId)).toBe(tree);
        expect(body.rows.map((r) => r.agentId)).not.toContain(platformId);
      }
    }
    // The other tree's agent tops its own tree's day, and is absent from ours.
    const other = await rank(tokens.otherTop, 'volume', 'day');
    expect(other.rows[0]).toMatchObject({ agentId: demo.otherTop.id, rank: 1, isSelf: true });
    expect(other.mine?.rank).toBe(1);
  });

  it('shows names as decision 010 does: the team by name, everyone else masked', async () => {
    const fromTop = await rank(tokens.top, 'volume', 'day');
    const grandchild = fromTop.rows.find((r) => r.agentId === demo.grandchild.id)!;
    expect(grandchild.name).toBe(DEMO_ACCOUNTS.grandchild.name);
    const fromGrandchild = await rank(tokens.grandchild, 'volume', 'day');
    expect(fromGrandchild.rows[0]).toMatchObject({
      agentId: demo.grandchild.id,
      name: DEMO_ACCOUNTS.grandchild.name,
      isSelf: true,
      rank: 1,
    });
    const child = fromGrandchild.rows.find((r) => r.agentId === demo.child.id)!;
    expect(child.name).toBe(maskName(DEMO_ACCOUNTS.child.name));
  });

  it('ranks every tree for an operator, names in full, with no rank of its own', async () => {
    const body = await rank(tokens.operator, 'volume', 'day');
    const want = ranking(await expected('volume', body.from, body.to), null);
    expect(body.rows.map((r) => [r.agentId, r.value])).toEqual(want.slice(0, 20));
    expect(body.rows[0]).toMatchObject({
      agentId: demo.otherTop.id,
      name: DEMO_ACCOUNTS.otherTop.name,
    });
    expect(body.mine).toBeNull();
  });

  it('refuses an unknown metric or period', async () => {
    for (const q of ['metric=stock&period=day', 'metric=volume&period=year']) {
      const res = await app.inject({
        method: 'GET',
        url: `/prod-api/api/ag/rank/list?${q}`,
        headers: bearer(tokens.top),
      });
      expect(res.json().code).toBe(400);
    }
  });
});

describe('GET /admin/rank (the console)', () => {
  it('ranks every tree by full name for an operator with the dashboard, and refuses the content role', async () => {
    const token = await adminLogin(app, 'operations');
    const { body } = await adminCall<RankBody>(
      app,
      token,
      'GET',
      '/rank?metric=teamVolume&period=day',
    );
    expect(body.code, body.msg).toBe(200);
    const want = ranking(await expected('teamVolume', body.data.from, body.data.to), null);
    expect(body.data.rows.map((r) => [r.agentId, r.value])).toEqual(want.slice(0, 20));
    const trees = new Set(body.data.rows.map((r) => treeOf(r.agentId)));
    expect(trees).toEqual(new Set([demo.top.id, demo.otherTop.id]));
    for (const row of body.data.rows) expect(row.name).toBe(agentOf.get(row.agentId)!.name);
    expect(body.data.mine).toBeNull();
    const content = await adminLogin(app, 'content');
    expect((await adminCall(app, content, 'GET', '/rank')).status).toBe(403);
  });
});

describe('kept boards', () => {
  const addVolume = (fen: number) =>
    db.execute(sql`UPDATE agent_daily_stats SET trade_amount_fen = trade_amount_fen + ${fen}
                    WHERE agent_id = ${demo.grandchild.id} AND day = ${today}::date`);
  const grandchildOf = (body: RankBody) =>
    body.rows.find((r) => r.agentId === demo.grandchild.id)!.value;

  it('answers from the kept board, saying when it was computed, until it ages out or the day moves on', async () => {
    const first = (await rank(tokens.top, 'volume', 'day')) as RankBody & { asOf: string };
    expect(Date.now() - Date.parse(first.asOf)).toBeLessThan(60_000);
    const before = grandchildOf(first);
    await addVolume(1_000);
    // Within RANK_MAX_AGE_SECONDS: the same figures, and the same time they were computed at.
    const kept = (await rank(tokens.top, 'volume', 'day')) as RankBody & { asOf: string };
    expect(kept.asOf).toBe(first.asOf);
    expect(grandchildOf(kept)).toBe(before);
    // Once older than that, the next read computes it again from the rollups.
    await db.execute(sql`UPDATE rank_boards SET computed_at = computed_at - interval '1 hour'
                          WHERE board_id = ${demo.top.id} AND metric = 'volume' AND period = 'day'`);
    const aged = (await rank(tokens.top, 'volume', 'day')) as RankBody & { asOf: string };
    expect(grandchildOf(aged)).toBe(before + 1_000);
    expect(Date.parse(aged.asOf)).toBeGreaterThan(Date.parse(first.asOf));
    const want = ranking(await expected('volume', aged.from, aged.to), demo.top.id);
    expect(aged.rows.map((r) => [r.agentId, r.value])).toEqual(want.slice(0, 20));
    // A board of other days (yesterday's "today") is never read for today, however young.
    await addVolume(1_000);
    await db.execute(sql`UPDATE rank_boards SET day_from = day_from - 1, day_to = day_to - 1
                          WHERE board_id = ${demo.top.id} AND metric = 'volume' AND period = 'day'`);
    expect(grandchildOf(await rank(tokens.top, 'volume', 'day'))).toBe(before + 2_000);
  });

  it('the rank-boards job computes again the boards read lately before they age out', async () => {
    await rank(tokens.otherTop, 'earnings', 'week');
    await db.execute(sql`UPDATE rank_boards SET computed_at = computed_at - interval '10 minutes'
                          WHERE board_id = ${demo.otherTop.id} AND metric = 'earnings' AND period = 'week'`);
    // A board nobody has read for an hour is left to its next reader.
    await db.execute(sql`UPDATE rank_boards SET read_at = now() - interval '2 hours',
                                computed_at = computed_at - interval '10 minutes'
                          WHERE board_id = ${demo.top.id} AND metric = 'volume' AND period = 'day'`);
    const computed = await refreshRankBoards(db, 300);
    expect(computed).toBeGreaterThanOrEqual(1);
    const boards = await rows<{ board_id: unknown; metric: string; fresh: boolean }>(
      db,
      sql`SELECT board_id, metric, computed_at > now() - interval '1 minute' AS fresh FROM rank_boards
           WHERE (board_id, metric, period) IN ((${demo.otherTop.id}, 'earnings', 'week'), (${demo.top.id}, 'volume', 'day'))
           ORDER BY metric`,
    );
    expect(boards.map((b) => [b.metric, b.fresh])).toEqual([
      ['earnings', true],
      ['volume', false],
    ]);
  });
});

describe('RANK_MAX_AGE_SECONDS', () => {
  it('is a whole number of seconds, or the server does not start', () => {
    expect(loadConfig({}).rankMaxAgeSeconds).toBe(300);
    for (const bad of ['soon', '-5', '1.5']) {
      const env = { RANK_MAX_AGE_SECONDS: bad };
      expect(configProblems(loadConfig(env), env)).toContain(
        `RANK_MAX_AGE_SECONDS must be a whole number of at least 0 (got ${bad})`,
      );
    }
  });
});

describe('rankDays', () => {
  it('cuts day, week (from Monday) and month in Asia/Shanghai', () => {
    // 2026-11-29 is a Sunday; 23:30 UTC on the 28th is already the 29th in Shanghai.
    const now = new Date('2026-11-28T23:30:00Z');
    expect(rankDays('day', now)).toEqual({ from: '2026-11-29', to: '2026-11-29' });
    expect(rankDays('week', now)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(rankDays('month', now)).toEqual({ from: '2026-11-01', to: '2026-11-29' });
    const monday = new Date('2026-11-30T02:00:00Z');
    expect(rankDays('week', monday)).toEqual({ from: '2026-11-30', to: '2026-11-30' });
  });
});
