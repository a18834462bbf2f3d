import { FIGURES } from '@pos/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

/**
 * One child's stock read through every call that shows it (issue 27, point 4): its own stock
 * (FIGURES.stock: unbound terminals it holds itself) and its team stock (FIGURES.teamStock:
 * unbound terminals held by it and every agent below it), each the same number everywhere and
 * equal to a count of the terminals table.
 */
const { app, demo, database } = await createTestContext();
const db = database.db;
const top = await loginAs(app, DEMO_ACCOUNTS.top.mobile);
const child = await loginAs(app, DEMO_ACCOUNTS.child.mobile);

async function get<T>(token: string, url: string): Promise<T> {
  const res = await app.inject({ method: 'GET', url: `/prod-api${url}`, headers: bearer(token) });
  const body = res.json() as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

async function counted(where: ReturnType<typeof sql>) {
  const [r] = await rows<{ n: unknown }>(
    db,
    sql`SELECT count(*) AS n FROM terminals WHERE deleted_at IS NULL AND bind_status = 0 AND ${where}`,
  );
  return Number(r!.n);
}

describe("one child's stock, on every screen that shows it", () => {
  it('reads the same own stock and team stock through every call', async () => {
    const own = await counted(sql`holder_agent_id = ${demo.child.id}`);
    const team = await counted(sql`holder_path LIKE ${demo.child.path + '%'}`);
    // The demo gives the child stock of its own and a team that holds more.
    expect(own).toBeGreaterThan(0);
    expect(team).toBeGreaterThan(own);

    // The parent's allocation picker: the child's own stock (what can be recalled from it).
    const picker = await get<{ rows: { id: number; stock: number }[] }>(
      top,
      `/api/term-info/targetAgents?type=0&agentId=${demo.child.id}`,
    );
    expect(picker.rows).toHaveLength(1);
    expect(picker.rows[0]!.stock).toBe(own);

    // 我的代理: the child's card shows its team stock.
    const list = await get<{ rows: { id: number; terminals: { stock: number } }[] }>(
      top,
      `/api/ag/myAgent/list?keyword=${DEMO_ACCOUNTS.child.mobile}`,
    );
    expect(list.rows.find((r) => r.id === demo.child.id)!.terminals.stock).toBe(team);

    // The child's detail: both, side by side.
    const detail = await get<{ ownTerminals: { stock: number }; teamTerminals: { stock: number } }>(
      top,
      `/api/ag/myAgent/detail?id=${demo.child.id}`,
    );
    expect(detail.ownTerminals.stock).toBe(own);
    expect(detail.teamTerminals.stock).toBe(team);

    // The parent's terminal tab breakdown by direct sub-agent: the child's team stock.
    const breakdown = await get<{ children: { agentId: number; unbound: number }[] }>(
      top,
      '/api/term-info/teamBreakdown',
    );
    expect(breakdown.children.find((c) => c.agentId === demo.child.id)!.unbound).toBe(team);

    // The child's own terminal tab: 我的库存 and 团队库存.
    const summary = await get<{ own: { unbound: number }; all: { unbound: number } }>(
      child,
      '/api/term-info/summary',
    );
    expect(summary.own.unbound).toBe(own);
    expect(summary.all.unbound).toBe(team);

    // The child's data tab: the same two figures.
    const overview = await get<{
      terminals: { own: { unbound: number }; team: { unbound: number } };
    }>(child, '/api/ag/stats/overview');
    expect(overview.terminals.own.unbound).toBe(own);
    expect(overview.terminals.team.unbound).toBe(team);

    // The child's terminal list filtered to its own unbound stock counts the same terminals.
    let listed = 0;
    let cursor: string | null = null;
    do {
      const page: { rows: unknown[]; nextCursor: string | null } = await get(
        child,
        `/api/term-info/list?bindStatus=0&holderAgentId=${demo.child.id}&pageSize=100${cursor ? `&cursor=${cursor}` : ''}`,
      );
      listed += page.rows.length;
      cursor = page.nextCursor;
    } while (cursor);
    expect(listed).toBe(own);
  });

  it('names the two figures apart in core', () => {
    expect(FIGURES.stock.zh).toBe('我的库存');
    expect(FIGURES.teamStock.zh).toBe('团队库存');
    expect(FIGURES.stock.en).not.toBe(FIGURES.teamStock.en);
  });
});
