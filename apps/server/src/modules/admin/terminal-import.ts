import { MAX_BATCH_SNS, normalizeSn, snFormatError, type TerminalOperateRequest } from '@pos/core';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { terminalImports, terminals } from '../../db/schema';
import { select } from '../../db/typed';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { getPlatformCaller } from '../agents/get-platform-caller';
import { listBrands, listPolicyOptions } from '../terminals/list-brands';
import { splitCsv } from '../terminals/import-terminals-csv';
import { operateTerminals } from '../terminals/operate-terminals';
import { audit } from '../../db/audit';

export const IMPORT_MAX_ROWS = 100_000;
const BATCH_ROWS = 2_000;
const SHOWN_PROBLEMS = 500;

export interface ImportProblem {
  line: number;
  sn: string;
  msg: string;
}
interface ImportRow {
  sn: string;
  brandId: number;
  model: string;
  policyId: number | null;
}

/**
 * Checks a CSV (header sn, brand, model, optional policy; brand and policy by name or id) row by
 * row without writing any terminal: bad SNs, SNs repeated in the file or already in the system,
 * unknown brands, models and policies are each named with their line. The valid rows wait in
 * terminal_imports until the operator commits them.
 */
export async function previewImport(
  db: Db,
  op: OperatorCaller,
  input: { fileName: string; csv: string },
) {
  const lines = input.csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerIndex = lines.findIndex((l) => l.trim() !== '');
  if (headerIndex < 0) throw badRequest('CSV文件为空', 'csv');
  const header = splitCsv(lines[headerIndex]!).map((h) => h.trim().toLowerCase());
  const col = (...names: string[]) => header.findIndex((h) => names.includes(h));
  const at = {
    sn: col('sn', '终端sn', '序列号'),
    brand: col('brand', '品牌'),
    model: col('model', '型号'),
    policy: col('policy', '政策'),
  };
  if (at.sn < 0 || at.brand < 0 || at.model < 0)
    throw badRequest('CSV表头须包含 sn、brand、model 列', 'csv');
  const brands = await listBrands(db);
  const policies = await listPolicyOptions(db);
  const problems: ImportProblem[] = [];
  const valid: (ImportRow & { line: number })[] = [];
  const seen = new Map<string, number>();
  let total = 0;
  for (let i = headerIndex + 1; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (raw === '') continue;
    total += 1;
    if (total > IMPORT_MAX_ROWS) throw badRequest(`一次最多导入${IMPORT_MAX_ROWS}行`, 'csv');
    const line = i + 1;
    const cells = splitCsv(raw).map((c) => c.trim());
    const sn = normalizeSn(cells[at.sn] ?? '');
    const problem = (msg: string) => problems.push({ line, sn, msg });
    const snError = snFormatError(sn);
    if (snError) {
      problem(snError);
      continue;
    }
    if (seen.has(sn)) {
      problem(`SN ${sn} 与第${seen.get(sn)}行重复`);
      continue;
    }
    seen.set(sn, line);
    const brandCell = cells[at.brand] ?? '';
    const brand = brands.find((b) => b.name === brandCell || String(b.id) === brandCell);
    if (!brand) {
      problem(`品牌 ${brandCell || '(空)'} 不存在`);
      continue;
    }
    const model = cells[at.model] ?? '';
    if (!brand.models.includes(model)) {
      problem(`型号 ${model || '(空)'} 不属于品牌 ${brand.name}`);
      continue;
    }
    let policyId: number | null = null;
    const policyCell = at.policy >= 0 ? (cells[at.policy] ?? '') : '';
    if (policyCell) {
      const policy = policies.find(
        (p) => p.brandId === brand.id && (p.name === policyCell || String(p.id) === policyCell),
      );
      if (!policy) {
        problem(`政策 ${policyCell} 不存在或不属于品牌 ${brand.name}`);
        continue;
      }
      policyId = policy.id;
    }
    valid.push({ line, sn, brandId: brand.id, model, policyId });
  }
  if (total === 0) throw badRequest('CSV文件没有终端数据', 'csv');
  // SNs already in the system, looked up in chunks.
  const existing = new Set<string>();
  for (let i = 0; i < valid.length; i += 10_000) {
    const chunk = valid.slice(i, i + 10_000).map((v) => v.sn);
    const found = await select(
      db,
      { sn: terminals.sn },
      sql`FROM terminals WHERE ${terminals.sn} = ANY(${sql.param(chunk)}::text[])`,
    );
    for (const f of found) existing.add(f.sn);
  }
  const ready = valid.filter((v) => {
    if (!existing.has(v.sn)) return true;
    problems.push({ line: v.line, sn: v.sn, msg: `SN ${v.sn} 已存在` });
    return false;
  });
  problems.sort((a, b) => a.line - b.line);
  const [row] = await db
    .insert(terminalImports)
    .values({
      operatorId: op.operatorId,
      fileName: input.fileName,
      totalRows: total,
      validRows: ready.length,
      pending: ready.map(({ sn, brandId, model, policyId }) => ({ sn, brandId, model, policyId })),
    })
    .returning({ id: terminalImports.id });
  return {
    id: row!.id,
    totalRows: total,
    validRows: ready.length,
    problemCount: problems.length,
    problems: problems.slice(0, SHOWN_PROBLEMS),
    sample: ready.slice(0, 20).map((r) => ({
      line: r.line,
      sn: r.sn,
      model: r.model,
      brand: brands.find((b) => b.id === r.brandId)?.name ?? '',
    })),
  };
}

/**
 * Starts writing a previewed import's valid rows in batches of 2,000 (each its own transaction),
 * so 100,000 rows move the progress bar instead of holding one long transaction. The start is
 * audited with the flip to "importing".
 */
export async function commitImport(db: Db, op: OperatorCaller, id: number) {
  await db.transaction(async (tx) => {
    const [imp] = await tx
      .select()
      .from(terminalImports)
      .where(eq(terminalImports.id, id))
      .for('update');
    if (!imp) throw notFound('导入记录不存在');
    if (imp.status !== 0) throw conflict('该导入已提交');
    if (imp.validRows === 0) throw badRequest('没有可导入的行', 'id');
    await tx.update(terminalImports).set({ status: 1 }).where(eq(terminalImports.id, id));
    await audit(tx, op, {
      action: 'terminal.import',
      targetType: 'terminal_import',
      targetId: id,
      after: { fileName: imp.fileName, rows: imp.validRows },
    });
  });
  return runImport(db, id);
}

async function runImport(db: Db, id: number) {
  const [imp] = await db.select().from(terminalImports).where(eq(terminalImports.id, id));
  const all = (imp!.pending ?? []) as ImportRow[];
  try {
    for (let i = imp!.doneRows; i < all.length; i += BATCH_ROWS) {
      const batch = all.slice(i, i + BATCH_ROWS);
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          INSERT INTO terminals (sn, brand_id, model, policy_id)
          SELECT * FROM unnest(${sql.param(batch.map((b) => b.sn))}::text[],
                               ${sql.param(batch.map((b) => b.brandId))}::bigint[],
                               ${sql.param(batch.map((b) => b.model))}::text[],
                               ${sql.param(batch.map((b) => b.policyId))}::bigint[])
          ON CONFLICT (sn) DO NOTHING`);
        await tx
          .update(terminalImports)
          .set({ doneRows: i + batch.length })
          .where(eq(terminalImports.id, id));
      });
    }
    await db
      .update(terminalImports)
      .set({ status: 2, finishedAt: sql`now()` })
      .where(eq(terminalImports.id, id));
  } catch (err) {
    await db
      .update(terminalImports)
      .set({ status: 3, error: (err as Error).message.slice(0, 500), finishedAt: sql`now()` })
      .where(eq(terminalImports.id, id));
  }
  return importProgress(db, id);
}

export async function importProgress(db: Db, id: number) {
  const [imp] = await db
    .select({
      id: terminalImports.id,
      fileName: terminalImports.fileName,
      totalRows: terminalImports.totalRows,
      validRows: terminalImports.validRows,
      doneRows: terminalImports.doneRows,
      status: terminalImports.status,
      error: terminalImports.error,
    })
    .from(terminalImports)
    .where(eq(terminalImports.id, id));
  if (!imp) throw notFound('导入记录不存在');
  return imp;
}

/** Allocates platform stock to a top-level agent through the same use case as the agent API. */
export async function allocateToTop(
  db: Db,
  op: OperatorCaller,
  input: { toAgentId: number; importId?: number; sns?: string[]; startSn?: string; endSn?: string },
) {
  const caller = await getPlatformCaller(db);
  const { importId, ...selection } = input;
  if (importId !== undefined) {
    // The terminals a finished import wrote, in file order.
    const [imp] = await db.select().from(terminalImports).where(eq(terminalImports.id, importId));
    if (!imp || imp.status !== 2) throw badRequest('该导入尚未完成', 'importId');
    selection.sns = ((imp.pending ?? []) as ImportRow[]).map((r) => r.sn);
  }
  const request = { type: 0, ...selection } as TerminalOperateRequest;
  if (input.sns && input.sns.length > MAX_BATCH_SNS)
    throw badRequest(`一次最多${MAX_BATCH_SNS}台`, 'sns');
  // The move and its audit record commit together (the use case's transaction nests as a savepoint).
  return db.transaction(async (tx) => {
    const result = await operateTerminals(tx as unknown as Db, caller, request);
    await audit(tx, op, {
      action: 'terminal.allocate',
      targetType: 'agent',
      targetId: input.toAgentId,
      after: {
        count: result.count,
        operationId: result.operationId,
        sns: input.sns?.slice(0, 50) ?? null,
        startSn: input.startSn ?? null,
        endSn: input.endSn ?? null,
      },
    });
    return result;
  });
}
