import {
  expandSnRange,
  FEE_KIND,
  formatMoney,
  parseSnSelection,
  type ChangeFeeRequest,
} from '@pos/core';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { agentPolicies, agents, feeChangeItems, feeChanges, terminals } from '../../db/schema';
import { select } from '../../db/typed';
import { badRequest } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import type { Acquirer } from '../../providers/acquirer/acquirer';
import { loadProductPolicy } from '../../db/policy-queries';
import { pathInSubtree } from '../../db/subtree-scope';

const t = alias(terminals, 't');
const i = alias(feeChangeItems, 'i');
const f = alias(feeChanges, 'f');

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
  const [agent] = await db
    .select({ path: agents.path, topId: agents.topId })
    .from(agents)
    .where(eq(agents.id, caller.agentId));

  const created = await db.transaction(async (tx) => {
    // Locked in SN order, so two batches sharing terminals run one after the other and the second
    // sees the first one's change as in flight.
    const found = await select(
      tx,
      {
        id: t.id,
        sn: t.sn,
        holderAgentId: t.holderAgentId,
        holderPath: t.holderPath,
        bindStatus: t.bindStatus,
        policyId: t.policyId,
        pendingOperationId: t.pendingOperationId,
        serviceFeeFen: t.serviceFeeFen,
        commFeeFen: t.commFeeFen,
      },
      sql`FROM terminals t
          WHERE ${t.sn} = ANY(string_to_array(${sns.join(',')}, ',')) AND ${t.deletedAt} IS NULL
          ORDER BY ${t.sn} FOR UPDATE`,
    );
    const bySn = new Map(found.map((row) => [row.sn, row]));
    const inFlight = new Set(
      (
        await select(
          tx,
          { terminalId: i.terminalId },
          sql`FROM fee_change_items i JOIN fee_changes f ON ${f.id} = ${i.feeChangeId}
              WHERE ${f.kind} = ${input.kind} AND ${f.status} IN (0, 1)
                AND ${i.terminalId} = ANY(${`{${found.map((row) => row.id).join(',')}}`}::bigint[])`,
        )
      ).map((row) => row.terminalId),
    );
    const options = new Map<number, number[] | null>();
    const held = new Map<number, boolean>();
    const items: { terminalId: number; sn: string; oldFeeFen: number }[] = [];
    const policyIds = new Set<number | null>();
    for (const sn of sns) {
      const term = bySn.get(sn);
      // Outside the caller's subtree is answered exactly like a terminal that does not exist.
      if (!term || !pathInSubtree(term.holderPath, caller))
        throw badRequest(`终端${sn}不存在`, 'sns');
      if (term.holderAgentId !== caller.agentId) throw badRequest(`终端${sn}不在您的库存中`, 'sns');
      if (term.bindStatus !== 0)
        throw badRequest(`终端${sn}已绑定商户，只能修改未绑定终端的${feeName}`, 'sns');
      if (term.pendingOperationId !== null)
        throw badRequest(`终端${sn}有待处理的回拨，暂不能修改${feeName}`, 'sns');
      const policyId = term.policyId;
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
        const [own] = await tx
          .select({ id: agentPolicies.id })
          .from(agentPolicies)
          .where(
            and(eq(agentPolicies.agentId, caller.agentId), eq(agentPolicies.policyId, policyId)),
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
      if (inFlight.has(term.id))
        throw badRequest(`终端${sn}已有进行中的${feeName}变更，请等待处理完成`, 'sns');
      const current = input.kind === FEE_KIND.SERVICE ? term.serviceFeeFen : term.commFeeFen;
      if (current === input.feeFen)
        throw badRequest(`终端${sn}的${feeName}已是${formatMoney(current)}元`, 'feeFen');
      items.push({ terminalId: term.id, sn, oldFeeFen: current });
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
        topId: Number(agent!.topId),
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
