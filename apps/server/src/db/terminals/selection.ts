import { parseSnSelection, type SnRange, type TerminalSnSelection } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { badRequest } from '../../lib/app-error';

/**
 * A batch of terminals named by an SN list or an SN range, read once and then usable in SQL:
 * as a condition on a terminals alias (for the one set-based UPDATE that moves them) and as the
 * ordered list of requested SNs (to name the first one that is missing or ineligible).
 */
export interface Selection {
  kind: 'list' | 'range';
  count: number;
  /** `t.sn` is one of the requested SNs. */
  where(alias: SQL): SQL;
  /** The requested SNs with their order: a FROM item yielding (sn, ord). */
  requested(): SQL;
  firstSn: string;
  lastSn: string;
}

export function readSelection(input: TerminalSnSelection): Selection {
  const parsed = parseSnSelection(input);
  if (!parsed.ok) {
    const field = input.startSn || input.endSn ? 'startSn' : 'sns';
    throw badRequest(parsed.error, field);
  }
  const value = parsed.value;
  if (value.kind === 'list') return listSelection(value.sns);
  return rangeSelection(value.range);
}

export function listSelection(sns: string[]): Selection {
  // One text parameter split in SQL: SNs are letters and digits only, and one parameter keeps a
  // 10,000-SN batch from turning into 10,000 bind parameters.
  const joined = sns.join(',');
  return {
    kind: 'list',
    count: sns.length,
    where: (t) => sql`${t}.sn = ANY(string_to_array(${joined}, ','))`,
    requested: () => sql`unnest(string_to_array(${joined}, ',')) WITH ORDINALITY AS req(sn, ord)`,
    firstSn: sns[0]!,
    lastSn: sns[sns.length - 1]!,
  };
}

export function rangeSelection(range: SnRange): Selection {
  const width = range.width;
  const prefixLength = range.prefix.length;
  const length = prefixLength + width;
  return {
    kind: 'range',
    count: range.count,
    // A byte range on the unique SN index, kept to SNs of the same length whose suffix is all
    // digits (so 'P001A' between 'P0010' and 'P0020' is not taken).
    where: (t) =>
      sql`(${t}.sn BETWEEN ${range.startSn} AND ${range.endSn} AND length(${t}.sn) = ${length}
        AND substr(${t}.sn, ${prefixLength + 1}) ~ '^[0-9]+$')`,
    requested: () =>
      sql`(SELECT ${range.prefix} || lpad(g.n::text, ${width}, '0') AS sn, g.n - ${String(range.from)}::bigint + 1 AS ord
        FROM generate_series(${String(range.from)}::bigint, ${String(range.to)}::bigint) AS g(n)) AS req`,
    firstSn: range.startSn,
    lastSn: range.endSn,
  };
}
