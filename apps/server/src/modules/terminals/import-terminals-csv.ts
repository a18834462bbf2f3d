import { MAX_BATCH_SNS, normalizeSn, snFormatError, type TerminalBatchResult } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { terminals } from '../../db/schema';
import { decode, selectOne } from '../../db/typed';
import { badRequest, conflict } from '../../lib/app-error';
import { listBrands, listPolicyOptions } from './list-brands';
import { listSelection } from '../../db/terminals/selection';

/** Header names accepted for each column (English or Chinese, any case). */
const COLUMNS = {
  sn: ['sn', '终端sn', '序列号', 'SN'],
  brand: ['brand', '品牌'],
  model: ['model', '型号'],
  policy: ['policy', '政策'],
} as const;

interface Line {
  line: number;
  sn: string;
  brandId: number;
  model: string;
  policyId: number | null;
}

class Duplicate extends Error {}

/**
 * Imports terminals from CSV text: a header naming the columns sn, brand, model and optionally
 * policy (brand and policy by name or id), then one terminal a line. Every line is checked
 * before anything is written; the first problem is reported with its line number, and the batch
 * is written in one transaction.
 */
export async function importTerminalsCsv(
  db: Db,
  csv: string,
  now: Date = new Date(),
): Promise<TerminalBatchResult> {
  const text = csv.replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const headerIndex = lines.findIndex((l) => l !== '');
  if (headerIndex < 0) throw badRequest('CSV文件为空', 'csv');
  const header = splitCsv(lines[headerIndex]!).map((h) => h.trim().toLowerCase());
  const col = (names: readonly string[]) =>
    header.findIndex((h) => names.map((n) => n.toLowerCase()).includes(h));
  const at = {
    sn: col(COLUMNS.sn),
    brand: col(COLUMNS.brand),
    model: col(COLUMNS.model),
    policy: col(COLUMNS.policy),
  };
  if (at.sn < 0 || at.brand < 0 || at.model < 0)
    throw badRequest('CSV表头须包含 sn、brand、model 列', 'csv');

  const brands = await listBrands(db);
  const policies = await listPolicyOptions(db);
  const parsed: Line[] = [];
  const seen = new Map<string, number>();
  for (let i = headerIndex + 1; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw === '') continue;
    const lineNo = i + 1;
    const cells = splitCsv(raw).map((c) => c.trim());
    const fail = (msg: string): never => {
      throw badRequest(`第${lineNo}行：${msg}`, 'csv');
    };
    const sn = normalizeSn(cells[at.sn] ?? '');
    const snError = snFormatError(sn);
    if (snError) fail(snError);
    if (seen.has(sn)) fail(`SN ${sn} 与第${seen.get(sn)}行重复`);
    seen.set(sn, lineNo);
    const brandCell = cells[at.brand] ?? '';
    const brand = brands.find((b) => b.name === brandCell || String(b.id) === brandCell);
    if (!brand) fail(`品牌 ${brandCell || '(空)'} 不存在`);
    const model = cells[at.model] ?? '';
    if (!brand!.models.includes(model)) fail(`型号 ${model || '(空)'} 不属于品牌 ${brand!.name}`);
    let policyId: number | null = null;
    const policyCell = at.policy >= 0 ? (cells[at.policy] ?? '') : '';
    if (policyCell !== '') {
      const policy = policies.find(
        (p) => p.brandId === brand!.id && (p.name === policyCell || String(p.id) === policyCell),
      );
      if (!policy) fail(`政策 ${policyCell} 不存在或不属于品牌 ${brand!.name}`);
      policyId = policy!.id;
    }
    parsed.push({ line: lineNo, sn, brandId: brand!.id, model, policyId });
    if (parsed.length > MAX_BATCH_SNS)
      throw badRequest(`一次最多导入${MAX_BATCH_SNS}台终端`, 'csv');
  }
  if (parsed.length === 0) throw badRequest('CSV文件没有终端数据', 'csv');

  const sep = '\u001f';
  try {
    await db.transaction(async (tx) => {
      const inserted = await selectOne(
        tx,
        { n: sql`count(*)`.mapWith(decode.number) },
        sql`FROM ins`,
        {
          with: sql`WITH src AS (
              SELECT unnest(string_to_array(${parsed.map((p) => p.sn).join(sep)}, ${sep})) AS sn,
                unnest(string_to_array(${parsed.map((p) => p.brandId).join(sep)}, ${sep}))::bigint AS brand_id,
                unnest(string_to_array(${parsed.map((p) => p.model).join(sep)}, ${sep})) AS model,
                unnest(string_to_array(${parsed.map((p) => p.policyId ?? '').join(sep)}, ${sep})) AS policy_id
            ), ins AS (
              INSERT INTO terminals (sn, brand_id, model, policy_id, created_at, updated_at)
              SELECT sn, brand_id, model, nullif(policy_id, '')::bigint, ${now}, ${now} FROM src
              ON CONFLICT (sn) DO NOTHING RETURNING 1
            )`,
        },
      );
      if (inserted?.n !== parsed.length) throw new Duplicate();
    });
  } catch (err) {
    if (!(err instanceof Duplicate)) throw err;
    const selection = listSelection(parsed.map((p) => p.sn));
    const row = await selectOne(
      db,
      { sn: terminals.sn, ord: sql`req.ord`.mapWith(decode.number) },
      sql`FROM ${selection.requested()} JOIN ${terminals} ON ${terminals.sn} = req.sn ORDER BY req.ord LIMIT 1`,
    );
    if (!row) throw conflict('导入失败，请重试');
    throw badRequest(`第${parsed[row.ord - 1]!.line}行：SN ${row.sn} 已存在`, 'csv');
  }
  return { count: parsed.length, operationId: null };
}

/** One CSV line into cells: commas separate, double quotes enclose, "" is a quote. */
export function splitCsv(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}
