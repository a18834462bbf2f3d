import type { StandardCheckPage, StandardCheckParams } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { terminals } from '../../db/schema';
import { bound, decode, prepareVariants } from '../../db/typed';
import { badRequest } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { andInTree } from '../../db/tree';
import { dayStartInstant, shanghaiMonth, shiftMonth } from '../../lib/shanghai-dates';
import { standardJobStatus } from './job-status';
import { standardResultSql, thresholdSql } from './standard-result';
import { decodePathSnCursor, encodeCursor } from '../../lib/keyset';

/** The checked terminals' rows: a terminal's own columns, named as the terminals table's. */
const r = alias(terminals, 'r');
const ROW = {
  id: r.id,
  sn: r.sn,
  model: r.model,
  holderPath: r.holderPath,
  bindStatus: r.bindStatus,
  merchantId: r.merchantId,
  boundAt: r.boundAt,
  brandName: sql`r.brand_name`.mapWith(decode.text),
  merchantName: sql`r.merchant_name`.mapWith(decode.textOrNull),
  policyName: sql`r.policy_name`.mapWith(decode.textOrNull),
  k: sql`r.k`.mapWith(decode.number),
  thresholdFen: sql`r.threshold_fen`.mapWith(decode.numberOrNull),
  volumeFen: sql`r.volume_fen`.mapWith(decode.number),
  result: sql`r.result`.mapWith(decode.number),
  rewardFen: sql`r.reward_fen`.mapWith(decode.numberOrNull),
  assessed: sql`r.sa_result IS NOT NULL`.mapWith(decode.bool),
};

/**
 * What decides the statement's text: the caller's subtree (an agent's) or every terminal (an
 * operator's), its tree (decision 020), an SN prefix, a cursor, a result filter.
 */
type Variant = `${'subtree' | 'every'}.${'tree' | 'all'}.${'sn' | 'anySn'}.${'next' | 'first'}.${
  'met' | 'result' | 'anyResult'}`;

/**
 * One statement per variant, compiled on first use and run as a named prepared statement with
 * the call's values bound: planning it cost more than running it on a page (issue 35).
 */
const standardPage = prepareVariants('standard_checks', (variant: Variant) => {
  const [scope, treeKind, sn, cursor, result] = variant.split('.');
  const inTree = treeKind === 'tree';
  // An agent's terminals, their merchants, assessments and volume: its tree (decision 020).
  const tree = (column: SQL) => andInTree(column, { topId: inTree ? bound('topId') : null });
  const m0 = sql`${bound('m0')}::date`;
  const m1 = sql`${bound('m1')}::date`;
  const filters: SQL[] = [
    sql`t.bind_status IN (1, 3)`,
    sql`t.deleted_at IS NULL`,
    sql`t.bound_at < ${bound('end')}::timestamptz`,
  ];
  const subtree =
    scope === 'subtree'
      ? sql`t.holder_path >= (${bound('path')} COLLATE "C") AND t.holder_path < (${bound('pathEnd')} COLLATE "C")`
      : sql`TRUE`;
  filters.push(sql`${subtree}${tree(sql`t.top_id`)}`);
  if (sn === 'sn') filters.push(sql`t.sn >= ${bound('sn')} AND t.sn < ${bound('snEnd')}`);
  if (cursor === 'next')
    filters.push(sql`(t.holder_path, t.sn) > (${bound('afterPath')}, ${bound('afterSn')})`);
  const resultFilter =
    result === 'met'
      ? sql`WHERE r.result >= 1`
      : result === 'result'
        ? sql`WHERE r.result = ${bound('result')}`
        : sql``;
  const where = sql.join(filters, sql` AND `);
  // Without a result filter the page is the first terminals in (holder path, SN) order: read
  // them alone along the (holder_path, sn) index, then look up the page's brands, merchants,
  // policies, assessments and volume, so a subtree of any size costs one page's reads. A result
  // filter needs every candidate's result, so it reads them all.
  const terminalsRead =
    result === 'anyResult'
      ? sql`(SELECT t.* FROM terminals t WHERE ${where}
             ORDER BY t.holder_path, t.sn LIMIT ${bound('limit')}) t`
      : sql`terminals t`;
  return {
    shape: ROW,
    rest: sql`FROM (
          SELECT s.*, ${standardResultSql({
            assessed: sql`s.sa_result`,
            thresholdFen: sql`s.threshold_fen`,
            volumeFen: sql`s.volume_fen`,
            monthOver: bound('monthOver'),
          })} AS result
          FROM (
            SELECT c.*, sa.result AS sa_result, sa.reward_fen,
                   coalesce(sa.threshold_fen, ${thresholdSql(sql`c.standard_months`, sql`c.k`)}) AS threshold_fen,
                   coalesce(sa.volume_fen, (
                     SELECT coalesce(sum(v.volume_fen), 0) FROM terminal_daily_volume v
                      WHERE v.terminal_id = c.id${tree(sql`v.top_id`)} AND v.day >= ${m0} AND v.day < ${m1}
                   )) AS volume_fen
            FROM (
              SELECT t.id, t.sn, t.model, t.holder_path, t.bind_status, t.merchant_id, t.bound_at,
                     b.name AS brand_name, m.name AS merchant_name, p.name AS policy_name,
                     p.standard_months,
                     ((extract(year FROM ${m0}) - extract(year FROM (t.bound_at AT TIME ZONE 'Asia/Shanghai'))) * 12
                       + extract(month FROM ${m0}) - extract(month FROM (t.bound_at AT TIME ZONE 'Asia/Shanghai')) + 1)::integer AS k
                FROM ${terminalsRead}
                JOIN brands b ON b.id = t.brand_id
                LEFT JOIN merchants m ON m.id = t.merchant_id${tree(sql`m.top_id`)}
                LEFT JOIN policies p ON p.id = t.policy_id
               WHERE ${where}
            ) c
            LEFT JOIN standard_assessments sa
              ON sa.terminal_id = c.id${tree(sql`sa.top_id`)} AND sa.month_index = c.k AND sa.month = ${m0}
          ) s
        ) r
        ${resultFilter}
        ORDER BY r.holder_path, r.sn
        LIMIT ${bound('limit')}`,
  };
});

/**
 * The merchant standard check (/pages/home/tripartiteData/merchStandardCheck) of a calendar
 * month: every terminal of the caller's subtree bound before the month ended, in month k of its
 * policy (the binding month is k = 1, counted in Asia/Shanghai months as the assessment job
 * does), with T_k, the month's volume and the standard-check type, optionally filtered by result
 * (1 matches every "met" level). Beside the rows, the assessment job's execution status of the
 * month.
 *
 * Keyset pages in (holder path, SN) order; each row reads its assessment (primary key) and the
 * month's days of terminal_daily_volume (primary-key range), never transactions.
 */
export async function listStandardChecks(
  db: DbOrTx,
  caller: Caller,
  query: StandardCheckParams,
  now: Date = new Date(),
): Promise<StandardCheckPage> {
  const current = shanghaiMonth(now);
  const month = query.month ?? current;
  if (month > current) throw badRequest('不能查询未来的月份', 'month');
  const m1 = `${shiftMonth(month, 1)}-01`;
  const after = decodePathSnCursor(query.cursor);
  // Operators stand above every tree and see every terminal; an agent its subtree in its tree.
  const subtree = caller.role !== 'operator';
  const inTree = caller.topId !== null && caller.topId !== undefined;
  const values: Record<string, unknown> = {
    m0: `${month}-01`,
    m1,
    end: dayStartInstant(m1).toISOString(),
    monthOver: month < current,
    limit: query.pageSize + 1,
  };
  if (subtree) Object.assign(values, { path: caller.path, pathEnd: `${caller.path}~` });
  if (inTree) values.topId = caller.topId;
  if (query.sn) Object.assign(values, { sn: query.sn, snEnd: `${query.sn}~` });
  if (after) Object.assign(values, { afterPath: after[0], afterSn: after[1] });
  const result = query.result === undefined ? 'anyResult' : query.result === 1 ? 'met' : 'result';
  if (result === 'result') values.result = query.result;
  const variant: Variant = `${subtree ? 'subtree' : 'every'}.${inTree ? 'tree' : 'all'}.${query.sn ? 'sn' : 'anySn'}.${
    after ? 'next' : 'first'
  }.${result}`;

  const [found, jobs] = await Promise.all([
    standardPage(variant).all(db, values),
    standardJobStatus(db, [month]),
  ]);
  const page = found.slice(0, query.pageSize);
  const last = page[page.length - 1];
  return {
    month,
    job: jobs.get(month)!,
    rows: page.map((row) => ({
      terminalId: row.id,
      sn: row.sn,
      brandName: row.brandName,
      model: row.model,
      bindStatus: row.bindStatus,
      merchantId: row.merchantId,
      merchantName: row.merchantName ?? '',
      boundAt: row.boundAt ? row.boundAt.toISOString() : null,
      policyName: row.policyName,
      monthIndex: row.k,
      thresholdFen: row.thresholdFen,
      volumeFen: row.volumeFen,
      result: row.result,
      rewardFen: row.rewardFen ?? 0,
      source: row.assessed ? 'assessed' : 'computed',
    })),
    nextCursor:
      found.length > query.pageSize && last ? encodeCursor([last.holderPath, last.sn]) : null,
  };
}
