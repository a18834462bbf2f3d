import {
  EARNING_INFO_TYPES,
  RANK_TOP,
  rankListQuery,
  type RankList,
  type RankListQuery,
  type RankMetric,
  type RankPeriod,
} from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { agents, rankBoards, rankEntries } from '../../db/schema';
import { decode, orNull, select, selectOne } from '../../db/typed';
import { shownName } from '../../lib/people';
import type { Caller } from '../../plugins/auth';
import { addDays, shanghaiToday } from '../../lib/shanghai-dates';
import { inAgentSubtree } from '../../db/tree';

/**
 * The rankings (issue 32): the agents of one top-level tree ordered by a figure over the current
 * Asia/Shanghai day, week (Monday to today) or month (the 1st to today), the top RANK_TOP and the
 * caller's own place. Read from the rollups only (decision 006):
 * - a month's own volume and activations: agent_monthly_stats, one index range over the tree's
 *   paths on (month, path);
 * - a day's or a week's: agent_daily_stats over (top_id, day);
 * - earnings: agent_daily_earnings over (top_id, day) (migration 0043), earning types only;
 * - team volume: every agent's own volume added to itself and each ancestor on its path, so the
 *   tree's whole team ranking is one pass over the tree's own-volume rows.
 * An operator (no tree) reads the same over every tree: the console's platform-wide ranking.
 * Platform-owned accounts (is_specific_account) and operators are never ranked; a platform
 * account's volume still counts in its ancestors' team volume, as every team figure does.
 *
 * Each (tree, metric, period) ranking is kept as a board (rank_boards, rank_entries, migration
 * 0057): computed whole by one statement, then read by index (the top by rank, the caller's row by
 * id) while it is younger than RANK_MAX_AGE_SECONDS and of the period's current days. The answer
 * says when its board was computed (asOf), and the app shows it.
 */

/** The days a period covers, up to today (Asia/Shanghai). */
export function rankDays(period: RankPeriod, now: Date = new Date()): { from: string; to: string } {
  const to = shanghaiToday(now);
  if (period === 'day') return { from: to, to };
  if (period === 'month') return { from: `${to.slice(0, 7)}-01`, to };
  // Weeks start on Monday: getUTCDay() of the day's own date is 0 on Sunday.
  const weekday = new Date(`${to}T00:00:00Z`).getUTCDay();
  return { from: addDays(to, -((weekday + 6) % 7)), to };
}

/** Each agent's figure as (agent_id, path, v) rows of the tree, from the rollups. */
function figuresSql(
  metric: RankMetric,
  period: RankPeriod,
  from: string,
  to: string,
  tree: number | null,
): SQL {
  const topId = (column: string) =>
    tree === null ? sql`` : sql` AND ${sql.raw(column)} = ${tree}::bigint`;
  const days = (column: string) => sql`${sql.raw(column)} BETWEEN ${from}::date AND ${to}::date`;
  // Team volume needs each agent's path: the monthly rollup keeps it, the daily one joins agents.
  const ownSql = (column: 'trade_amount_fen' | 'activated_terminals', withPath = false): SQL => {
    if (period === 'month') {
      const inTree =
        tree === null ? sql`` : sql` AND ${inAgentSubtree(sql`m.path`, sql`${`/${tree}/`}::text`)}`;
      return sql`SELECT m.agent_id, m.path, m.${sql.raw(column)}::bigint AS v
                   FROM agent_monthly_stats m
                  WHERE m.month = ${from}::date${inTree}${topId('m.top_id')}`;
    }
    if (!withPath) {
      return sql`SELECT d.agent_id, NULL::text AS path, sum(d.${sql.raw(column)})::bigint AS v
                   FROM agent_daily_stats d
                  WHERE ${days('d.day')}${topId('d.top_id')}
                  GROUP BY d.agent_id`;
    }
    return sql`SELECT d.agent_id, max(a.path) AS path, sum(d.${sql.raw(column)})::bigint AS v
                 FROM agent_daily_stats d JOIN agents a ON a.id = d.agent_id${topId('a.top_id')}
                WHERE ${days('d.day')}${topId('d.top_id')}
                GROUP BY d.agent_id`;
  };
  switch (metric) {
    case 'volume':
      return ownSql('trade_amount_fen');
    case 'activations':
      return ownSql('activated_terminals');
    case 'earnings':
      return sql`SELECT e.agent_id, NULL::text AS path, sum(e.amount_fen)::bigint AS v
                   FROM agent_daily_earnings e
                  WHERE ${days('e.day')}${topId('e.top_id')}
                    AND e.info_type = ANY(${sql.param([...EARNING_INFO_TYPES])}::text[])
                  GROUP BY e.agent_id`;
    case 'teamVolume':
      // '/1/5/9/' holds the ids of the agent and its ancestors: its volume counts for each.
      return sql`SELECT u.id::bigint AS agent_id, NULL::text AS path, sum(o.v)::bigint AS v
                   FROM (${ownSql('trade_amount_fen', true)}) o
                  CROSS JOIN LATERAL unnest(string_to_array(trim(BOTH '/' FROM o.path), '/')) AS u(id)
                  WHERE o.v <> 0
                  GROUP BY u.id`;
  }
}

/** A board's id: the tree's top_id, or 0 for the platform-wide board. */
const boardOf = (tree: number | null) => tree ?? 0;

/**
 * A tree's board is also named by its shard key (decision 020), so every statement on it is
 * routed to the tree's database; the platform's board spans the trees.
 */
const inShard = (column: SQL, tree: number | null) =>
  tree === null ? sql`` : sql` AND ${column} = ${tree}::bigint`;

/** A board's head, and whether it may still be read for the period as it is now. */
async function boardHead(
  db: DbOrTx,
  tree: number | null,
  query: RankListQuery,
  days: { from: string; to: string },
  maxAgeSeconds: number,
) {
  const b = rankBoards;
  return selectOne(
    db,
    {
      ranked: b.ranked,
      computedAt: sql`${b.computedAt}`.mapWith(decode.isoTime),
      usable: sql`(${b.dayFrom} = ${days.from}::date AND ${b.dayTo} = ${days.to}::date
                   AND ${b.computedAt} > now() - make_interval(secs => ${maxAgeSeconds}))`.mapWith(
        decode.bool,
      ),
      // read_at only has to say "read lately" (the job's concern): written at most once a minute.
      touch: sql`${b.readAt} < now() - interval '1 minute'`.mapWith(decode.bool),
    },
    sql`FROM ${b} WHERE ${b.boardId} = ${boardOf(tree)}::bigint${inShard(sql`${b.topId}`, tree)}
          AND ${b.metric} = ${query.metric} AND ${b.period} = ${query.period}`,
  );
}

/**
 * Computes one board from the rollups, in the caller's transaction: every agent of the board with
 * a figure, ranked among those that may be (above zero, an agent, not a platform account).
 */
async function computeBoard(
  tx: DbOrTx,
  tree: number | null,
  query: RankListQuery,
  days: { from: string; to: string },
) {
  const board = boardOf(tree);
  const { metric, period } = query;
  const inTree = tree === null ? sql`` : sql` AND a.top_id = ${tree}::bigint`;
  await tx.execute(sql`DELETE FROM rank_entries WHERE board_id = ${board}::bigint${inShard(sql`top_id`, tree)}
                          AND metric = ${metric} AND period = ${period}`);
  await tx.execute(sql`
    WITH f AS MATERIALIZED (
           SELECT agent_id, sum(v)::bigint AS v
             FROM (${figuresSql(metric, period, days.from, days.to, tree)}) x
            GROUP BY agent_id HAVING sum(v) <> 0),
         r AS (SELECT f.agent_id, rank() OVER (ORDER BY f.v DESC) AS rk
                 FROM f JOIN agents a ON a.id = f.agent_id${inTree}
                WHERE f.v > 0 AND a.role = 'agent' AND NOT a.is_specific_account)
    INSERT INTO rank_entries (board_id, metric, period, agent_id, top_id, v, rk)
    SELECT ${board}::bigint, ${metric}, ${period}, f.agent_id, a.top_id, f.v, r.rk
      FROM f JOIN agents a ON a.id = f.agent_id${inTree} LEFT JOIN r USING (agent_id)`);
  await tx.execute(sql`
    INSERT INTO rank_boards AS b (board_id, top_id, metric, period, day_from, day_to, ranked, computed_at, read_at)
    SELECT ${board}::bigint, ${tree}::bigint, ${metric}, ${period}, ${days.from}::date, ${days.to}::date, count(*), now(), now()
      FROM rank_entries
     WHERE board_id = ${board}::bigint${inShard(sql`top_id`, tree)} AND metric = ${metric} AND period = ${period}
       AND rk IS NOT NULL
    ON CONFLICT (board_id, metric, period) DO UPDATE SET day_from = EXCLUDED.day_from,
      day_to = EXCLUDED.day_to, ranked = EXCLUDED.ranked, computed_at = EXCLUDED.computed_at,
      read_at = EXCLUDED.read_at`);
}

/** Holds one board for the transaction: one computation of it at a time, readers and job alike. */
const lockBoard = (tx: DbOrTx, tree: number | null, query: RankListQuery) =>
  tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`rank:${boardOf(tree)}:${query.metric}:${query.period}`}, 0))`,
  );

/**
 * A board as it may be read now: the kept one while it is younger than maxAgeSeconds
 * and of the period's current days, else computed again first. Readers of a board being computed
 * wait for it (one computation per board at a time) and then read it.
 */
async function currentBoard(
  db: DbOrTx,
  tree: number | null,
  query: RankListQuery,
  days: { from: string; to: string },
  maxAgeSeconds: number,
) {
  const board = boardOf(tree);
  const head = await boardHead(db, tree, query, days, maxAgeSeconds);
  if (head?.usable) {
    if (head.touch) {
      await db.execute(sql`UPDATE rank_boards SET read_at = now()
                            WHERE board_id = ${board}::bigint${inShard(sql`top_id`, tree)}
                              AND metric = ${query.metric} AND period = ${query.period}`);
    }
    return head;
  }
  return db.transaction(async (tx) => {
    await lockBoard(tx, tree, query);
    const again = await boardHead(tx, tree, query, days, maxAgeSeconds);
    if (again?.usable) return again;
    await computeBoard(tx, tree, query, days);
    return (await boardHead(tx, tree, query, days, maxAgeSeconds))!;
  });
}

/**
 * Computes again the boards read in the last hour that are older than maxAgeSeconds or of a
 * period that has moved on (the rank-boards job), so readers seldom wait for one. Returns how
 * many it computed.
 */
export async function refreshRankBoards(
  db: Db,
  maxAgeSeconds: number,
  now: Date = new Date(),
  signal?: AbortSignal,
): Promise<number> {
  const due = await select(
    db,
    { boardId: rankBoards.boardId, metric: rankBoards.metric, period: rankBoards.period },
    sql`FROM ${rankBoards} WHERE ${rankBoards.readAt} > now() - interval '1 hour'
          AND ${rankBoards.computedAt} < now() - make_interval(secs => ${maxAgeSeconds / 2})
        ORDER BY ${rankBoards.computedAt}`,
  );
  let done = 0;
  for (const b of due) {
    if (signal?.aborted) break;
    const query = rankListQuery.parse({ metric: b.metric, period: b.period });
    const days = rankDays(query.period, now);
    const tree = b.boardId === 0 ? null : b.boardId;
    await db.transaction(async (tx) => {
      await lockBoard(tx, tree, query);
      await computeBoard(tx, tree, query, days);
    });
    done += 1;
  }
  return done;
}

export interface RankOptions {
  /** How old a kept board may be before it is computed again (RANK_MAX_AGE_SECONDS). */
  maxAgeSeconds: number;
  now?: Date;
}

export async function listRank(
  db: Db,
  caller: Caller,
  query: RankListQuery,
  { maxAgeSeconds, now = new Date() }: RankOptions,
): Promise<RankList> {
  const { metric, period } = query;
  const days = rankDays(period, now);
  const { from, to } = days;
  const tree = caller.role === 'operator' ? null : caller.topId;
  const me = caller.role === 'operator' ? null : caller.agentId;
  // An agent without a tree has nobody to be ranked against (and must never read every tree).
  if (caller.role !== 'operator' && tree === null) {
    return { metric, period, from, to, rows: [], ranked: 0, mine: null, asOf: null };
  }
  const board = await currentBoard(db, tree, query, days, maxAgeSeconds);
  const e = rankEntries;
  const onBoard = sql`${e.boardId} = ${boardOf(tree)}::bigint${inShard(sql`${e.topId}`, tree)}
                      AND ${e.metric} = ${metric} AND ${e.period} = ${period}`;
  const top = await select(
    db,
    { id: e.agentId, v: e.v, rk: e.rk, name: agents.name, path: agents.path },
    sql`FROM ${e} JOIN ${agents} ON ${agents.id} = ${e.agentId} AND ${agents.topId} = ${e.topId}
        WHERE ${onBoard} AND ${e.rk} IS NOT NULL ORDER BY ${e.rk}, ${e.agentId} LIMIT ${RANK_TOP}`,
  );
  let mine: RankList['mine'] = null;
  if (me !== null) {
    const self = await selectOne(
      db,
      { name: agents.name, v: orNull(e.v), rk: orNull(e.rk) },
      sql`FROM ${agents} LEFT JOIN ${e} ON ${onBoard} AND ${e.agentId} = ${agents.id}
          WHERE ${agents.id} = ${me}::bigint${tree === null ? sql`` : sql` AND ${agents.topId} = ${tree}::bigint`}`,
    );
    mine = { rank: self?.rk ?? null, value: self?.v ?? 0, name: self?.name ?? '' };
  }
  return {
    metric,
    period,
    from,
    to,
    ranked: board.ranked,
    asOf: board.computedAt,
    rows: top.map((r) => ({
      rank: r.rk ?? 0,
      agentId: r.id,
      name: shownName(caller, { id: r.id, path: r.path }, r.name),
      value: r.v,
      isSelf: r.id === me,
    })),
    mine,
  };
}
