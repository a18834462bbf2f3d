import {
  expandSnRange,
  FEE_KIND,
  formatMoney,
  parseSnSelection,
  type ChangeFeeRequest,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rows, type Db } from '../../db/client';
import { feeChangeItems, feeChanges } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import type { Acquirer } from '../acquirer/acquirer';
import { loadProductPolicy } from '../policies/policy-queries';
import { num, numOrNull, pathInSubtree } from '../policies/scope';

/**
 * Changes the service fee (deposit) or communication fee option of unbound terminals the caller
 * holds (changeServiceFee, changeCommFee), in one batch named by an SN list or range. The batch
 * is all-or-nothing: the first terminal that does not qualify is named and nothing is recorded.
 * The batch then goes to the acquirer and moves through applying, processing, done or failed; the
 * terminals carry the new fee once it is done.
 */
export async function changeTerminalFee(
  db: Db,
  caller: Caller,
  input: ChangeFeeRequest,
  deps: { acquirer: Acquirer; log: FastifyBaseLogger },
): Promise<{ id: number; count: number }> {
  if (caller.role === 'operator') throw badRequest('平台库存请在运营后台修改费用', 'sns');
  const feeName = input.kind === FEE_KIND.SERVICE ? '服务费' : '流量费';
  const parsed = parseSnSelection(input);
  if (!parsed.ok) throw badRequest(parsed.error, input.startSn || input.endSn ? 'startSn' : 'sns');
  const sns = parsed.value.kind === 'list' ? parsed.value.sns : expandSnRange(parsed.value.range);
  const [agent] = await rows<{ path: string; top_id: unknown }>(
    db,
    sql`SELECT path, top_id FROM agents WHERE id = ${caller.agentId}`,
  );

  const created = await db.transaction(async (tx) => {
    // Locked in SN order, so two batches sharing terminals run one after the other and the second
    // sees the first one's change as in flight.
    const found = await rows<Record<string, unknown>>(
      tx,
      sql`SELECT t.id, t.sn, t.holder_agent_id, t.holder_path, t.bind_status, t.policy_id, t.pending_operation_id,
            t.service_fee_fen, t.comm_fee_fen
          FROM terminals t
          WHERE t.sn = ANY(string_to_array(${sns.join(',')}, ',')) AND t.deleted_at IS NULL
          ORDER BY t.sn FOR UPDATE`,
    );
    const bySn = new Map(found.map((t) => [String(t.sn), t]));
    const inFlight = new Set(
      (
        await rows<{ terminal_id: unknown }>(
          tx,
          sql`SELECT i.terminal_id FROM fee_change_items i JOIN fee_changes f ON f.id = i.fee_change_id
              WHERE f.kind = ${input.kind} AND f.status IN (0, 1)
                AND i.terminal_id = ANY(${`{${found.map((t) => num(t.id)).join(',')}}`}::bigint[])`,
        )
      ).map((r) => num(r.terminal_id)),
    );
    const options = new Map<number, number[] | null>();
    const held = new Map<number, boolean>();
    const items: { terminalId: number; sn: string; oldFeeFen: number }[] = [];
    const policyIds = new Set<number | null>();
    for (const sn of sns) {
      const t = bySn.get(sn);
      // Outside the caller's subtree is answered exactly like a terminal that does not exist.
      if (!t || !pathInSubtree(String(t.holder_path), caller))
        throw badRequest(`终端${sn}不存在`, 'sns');
      if (num(t.holder_agent_id) !== caller.agentId)
        throw badRequest(`终端${sn}不在您的库存中`, 'sns');
      if (num(t.bind_status) !== 0)
        throw badRequest(`终端${sn}已绑定商户，只能修改未绑定终端的${feeName}`, 'sns');
      if (t.pending_operation_id !== null)
        throw badRequest(`终端${sn}有待处理的回拨，暂不能修改${feeName}`, 'sns');
      const policyId = numOrNull(t.policy_id);
      if (policyId === null) throw badRequest(`终端${sn}没有政策，不能修改${feeName}`, 'sns');
      if (!options.has(policyId)) {
        const product = await loadProductPolicy(tx, policyId);
        options.set(
          policyId,
          product
            ? input.kind === FEE_KIND.SERVICE
              ? product.serviceFeeOptionsFen
              : product.commFeeOptionsFen
            : null,
        );
        const [own] = await rows(
          tx,
          sql`SELECT 1 FROM agent_policies WHERE agent_id = ${caller.agentId} AND policy_id = ${policyId}`,
        );
        held.set(policyId, Boolean(own));
      }
      if (!held.get(policyId))
        throw badRequest(`您尚未开通终端${sn}的政策，不能修改${feeName}`, 'sns');
      if (!options.get(policyId)?.includes(input.feeFen)) {
        throw badRequest(
          `终端${sn}的政策没有${formatMoney(input.feeFen)}元的${feeName}档位`,
          'feeFen',
        );
      }
      if (inFlight.has(num(t.id)))
        throw badRequest(`终端${sn}已有进行中的${feeName}变更，请等待处理完成`, 'sns');
      const current = num(input.kind === FEE_KIND.SERVICE ? t.service_fee_fen : t.comm_fee_fen);
      if (current === input.feeFen)
        throw badRequest(`终端${sn}的${feeName}已是${formatMoney(current)}元`, 'feeFen');
      items.push({ terminalId: num(t.id), sn, oldFeeFen: current });
      policyIds.add(policyId);
    }
    const [change] = await tx
      .insert(feeChanges)
      .values({
        kind: input.kind,
        policyId: policyIds.size === 1 ? [...policyIds][0]! : null,
        newFeeFen: input.feeFen,
        count: items.length,
        firstSn: items[0]!.sn,
        lastSn: items[items.length - 1]!.sn,
        requestedBy: caller.agentId,
        agentId: caller.agentId,
        agentPath: agent!.path,
        topId: num(agent!.top_id),
      })
      .returning({ id: feeChanges.id });
    const id = change!.id;
    // Large batches go in slices, well under the bind-parameter limit.
    for (let i = 0; i < items.length; i += 1000) {
      await tx
        .insert(feeChangeItems)
        .values(items.slice(i, i + 1000).map((it) => ({ feeChangeId: id, ...it })));
    }
    return { id, count: items.length };
  });

  try {
    await deps.acquirer.submitFeeChange({
      requestNo: `F${created.id}`,
      kind: input.kind,
      sns,
      feeFen: input.feeFen,
    });
  } catch (err) {
    deps.log.error(
      { err, requestNo: `F${created.id}` },
      'fee change could not be submitted to the acquirer',
    );
  }
  return created;
}
