import { type TeamListParams, type TeamListResponse, type TeamMember } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agents } from '../../db/schema';
import { bound, decode, prepareVariants } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import { figureFields, figuresOf, teamFiguresSql, terminalFields, terminalsOf } from './figures';
import { levelName } from './levels';
import { currentMonth, monthKey } from './month';
import { displayName, loadCrumbs } from './names';
import { inSubtree, resolveTeamAgent } from './scope';
import { teamTerminalCountsSql } from './terminal-counts';
import { shownMobile, shownName } from '../../lib/people';

/** Escapes LIKE's wildcards so a keyword matches literally. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

type Sort = TeamListParams['sort'];
/** What decides the statement's text: sort, order, keyword kind, cursor, the caller's tree. */
type Variant = `${Sort}.${'asc' | 'desc'}.${'all' | 'name' | 'nameOrMobile'}.${'first' | 'next'}.${
  'tree' | 'all'}`;

/** The page's columns, read from the subquery p: typed as the agents columns they are. */
function pageShape(tree: boolean) {
  const pathOf = tree ? sql`pp.path` : sql`p.path`;
  return {
    id: sql`p.id`.mapWith(agents.id),
    name: sql`p.name`.mapWith(agents.name),
    mobile: sql`p.mobile`.mapWith(agents.mobile),
    path: sql`p.path`.mapWith(agents.path),
    level: sql`p.level`.mapWith(agents.level),
    createdAt: sql`p.created_at`.mapWith(agents.createdAt),
    // Exact bigint text: the cursor carries it as it is.
    sortValue: sql`p.sort_value::text`.mapWith(decode.text),
    childCount: sql`(SELECT count(*) FROM agents k
        WHERE k.parent_id = p.id${tree ? sql` AND k.top_id = ${bound('topId')}` : sql``})`.mapWith(
      decode.number,
    ),
    teamSize:
      sql`(SELECT count(*) FROM agents d WHERE ${inSubtree(sql`d.path`, pathOf)}) - 1`.mapWith(
        decode.number,
      ),
    ...figureFields('f', 'team'),
    ...terminalFields('t', 'team'),
  };
}

/**
 * One statement per variant, compiled on its first use and run as a named prepared statement
 * with the call's values bound: planning and building it cost more than running it on a page
 * (issue 35).
 */
const teamPage = prepareVariants<Variant, ReturnType<typeof pageShape>>('team_list', (variant) => {
  const [sort, order, keyword, cursor, tree] = variant.split('.') as [
    Sort,
    'asc' | 'desc',
    string,
    string,
    string,
  ];
  const inTree = tree === 'tree';
  const month = sql`${bound('month')}`;
  const filters: SQL[] = [
    sql`c.parent_id = ${bound('parentId')}${inTree ? sql` AND c.top_id = ${bound('topId')}` : sql``}`,
    sql`c.role = 'agent'`,
  ];
  const byName = sql`c.name LIKE ${bound('namePattern')}`;
  if (keyword === 'name') filters.push(byName);
  if (keyword === 'nameOrMobile')
    filters.push(sql`(${byName} OR c.mobile LIKE ${bound('mobilePattern')})`);

  let sortValue: SQL;
  switch (sort) {
    case 'volume':
      sortValue = sql`(SELECT f.trade_amount_fen FROM (${teamFiguresSql(sql`c.path`, month)}) f)`;
      break;
    case 'newMerchants':
      sortValue = sql`(SELECT f.new_merchants FROM (${teamFiguresSql(sql`c.path`, month)}) f)`;
      break;
    case 'stock':
      sortValue = sql`(SELECT t.stock FROM (${teamTerminalCountsSql(sql`c.path`)}) t)`;
      break;
    case 'createdAt':
      // Microseconds since the epoch: exact, so the keyset never skips or repeats a row.
      sortValue = sql`(extract(epoch from c.created_at) * 1000000)::bigint`;
      break;
  }
  const desc = order === 'desc';
  const after = sql`(s.sort_value, s.id) ${sql.raw(desc ? '<' : '>')} (${bound('cursorValue')}::bigint, ${bound('cursorId')}::bigint)`;
  const direction = sql.raw(desc ? 'DESC' : 'ASC');
  // The page's rows read again by id in the caller's tree (decision 020), so the subtree reads
  // below start from the path of a row of that tree (their index-only scans unchanged); an
  // operator's statement stays as it was.
  const pageInTree = inTree
    ? sql` JOIN agents pp ON pp.id = p.id AND pp.top_id = ${bound('topId')}`
    : sql``;
  const pathOf = inTree ? sql`pp.path` : sql`p.path`;
  return {
    shape: pageShape(inTree),
    rest: sql`FROM (
        SELECT s.* FROM (
          SELECT c.id, c.name, c.mobile, c.level, c.created_at, c.path, ${sortValue} AS sort_value
            FROM agents c
           WHERE ${sql.join(filters, sql` AND `)}
        ) s
        ${cursor === 'next' ? sql`WHERE ${after}` : sql``}
        ORDER BY s.sort_value ${direction}, s.id ${direction}
        LIMIT ${bound('limit')}
      ) p${pageInTree}
      CROSS JOIN LATERAL (${teamFiguresSql(pathOf, month)}) f
      CROSS JOIN LATERAL (${teamTerminalCountsSql(pathOf)}) t
      ORDER BY p.sort_value ${direction}, p.id ${direction}`,
  };
});

/**
 * The direct sub-agents of `parentId` (the caller when absent, else an agent of the caller's
 * subtree), with their teams' figures for the month, searched, sorted and paged by keyset.
 *
 * Each direct sub-agent's sort value is a subtree sum answered by one index-only range scan of a
 * rollup (agent_monthly_stats, terminal_stock_counts) bounded by its path; the keyset condition
 * and the limit cut the page, and only the page's rows get their remaining figures. The cost is
 * one short range scan per direct sub-agent, the same for the first page as for a deep one, and
 * no tree is walked in application code. (Measured against one grouped scan of the whole subtree
 * per rollup, these probes were about three times faster at 10,000 agents; bench-team.ts.)
 */
export async function listTeam(
  db: DbOrTx,
  caller: Caller,
  query: TeamListParams,
): Promise<TeamListResponse> {
  const parent = await resolveTeamAgent(db, caller, query.parentId);
  const month = query.month ?? currentMonth();
  const keyword = query.keyword?.trim() ?? '';
  const keywordKind = !keyword ? 'all' : /^\d+$/.test(keyword) ? 'nameOrMobile' : 'name';
  const [cursorValue, cursorId] = query.cursor ? query.cursor.split('_') : [];
  const inTree = caller.topId !== null;
  const values: Record<string, unknown> = {
    parentId: parent.id,
    month: monthKey(month),
    limit: query.pageSize + 1,
  };
  if (inTree) values.topId = caller.topId;
  if (keywordKind !== 'all') values.namePattern = `%${likeText(keyword)}%`;
  if (keywordKind === 'nameOrMobile') values.mobilePattern = `${keyword}%`;
  if (query.cursor) Object.assign(values, { cursorValue, cursorId });

  const variant: Variant = `${query.sort}.${query.order === 'desc' ? 'desc' : 'asc'}.${keywordKind}.${
    query.cursor ? 'next' : 'first'
  }.${inTree ? 'tree' : 'all'}`;
  const [found, crumbs] = await Promise.all([
    teamPage(variant).all(db, values),
    loadCrumbs(db, caller, parent),
  ]);
  const levels = parent.levels;

  const page = found.slice(0, query.pageSize);
  const last = page[page.length - 1];
  const nextCursor = found.length > query.pageSize && last ? `${last.sortValue}_${last.id}` : null;

  const rowsOut: TeamMember[] = page.map((r) => ({
    id: r.id,
    name: shownName(caller, r, r.name),
    mobile: shownMobile(caller, r, r.mobile),
    level: r.level,
    levelName: levelName(levels, r.level),
    createdAt: r.createdAt.toISOString(),
    childCount: r.childCount,
    teamSize: r.teamSize,
    team: figuresOf(r, 'team'),
    terminals: terminalsOf(r, 'team'),
  }));

  return {
    parent: {
      id: parent.id,
      name: displayName(caller, parent),
      level: parent.level,
      levelName: levelName(levels, parent.level),
    },
    crumbs,
    month,
    rows: rowsOut,
    nextCursor,
  };
}
