import {
  rewardSchemeTermsSchema,
  type FalseActivation,
  type ProposeReviewRequest,
  type SaveSchemeRequest,
  type SchemeVersions,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { audit } from '../admin/audit';
import { assertIndependent } from '../admin/independence';
import { num } from '../ledger/accounts';

const asJson = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const iso = (v: unknown) => (v == null ? null : new Date(v as string | Date).toISOString());

/** A policy's scheme versions, newest first. */
export async function schemeVersions(db: Db, policyId: number): Promise<SchemeVersions> {
  const [policy] = await rows<{ name: unknown }>(
    db,
    sql`SELECT name FROM policies WHERE id = ${policyId}`,
  );
  if (!policy) throw notFound('政策不存在');
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT s.version, s.terms, s.created_at, o.name AS operator_name
          FROM reward_schemes s LEFT JOIN operators o ON o.id = s.operator_id
         WHERE s.policy_id = ${policyId} ORDER BY s.version DESC`,
  );
  return {
    policyId,
    policyName: String(policy.name),
    versions: found.map((r) => ({
      version: num(r.version),
      terms: r.terms == null ? null : rewardSchemeTermsSchema.parse(asJson(r.terms)),
      operatorName: r.operator_name == null ? null : String(r.operator_name),
      createdAt: iso(r.created_at)!,
    })),
  };
}

/**
 * Saves a scheme as the policy's next version. Terminals already activated keep the version
 * frozen on them; terminals activating from now on take this one. The operator edited the
 * version in force (baseVersion): a save over a newer one is refused rather than lost.
 */
export async function saveScheme(
  db: Db,
  op: OperatorCaller,
  input: SaveSchemeRequest,
): Promise<{ version: number }> {
  return db.transaction(async (tx) => {
    const [policy] = await rows<{ id: unknown }>(
      tx,
      sql`SELECT id FROM policies WHERE id = ${input.policyId} FOR UPDATE`,
    );
    if (!policy) throw badRequest('政策不存在', 'policyId');
    const [cur] = await rows<{ version: unknown }>(
      tx,
      sql`SELECT max(version) AS version FROM reward_schemes WHERE policy_id = ${input.policyId}`,
    );
    const current = num(cur?.version);
    if (current !== input.baseVersion) {
      throw conflict('方案已被他人修改，请刷新后重试', 'baseVersion');
    }
    const version = current + 1;
    await tx.execute(
      sql`INSERT INTO reward_schemes (policy_id, version, terms, operator_id)
          VALUES (${input.policyId}, ${version},
                  ${input.terms === null ? null : JSON.stringify(input.terms)}::jsonb, ${op.operatorId})`,
    );
    await audit(tx, op, {
      action: 'reward_scheme.save',
      targetType: 'reward_scheme',
      targetId: `${input.policyId}:${version}`,
      before: { version: current },
      after: { version, terms: input.terms },
    });
    return { version };
  });
}

/** The false-activation queue (waiting first by default), keyset by flag time. */
export function falseActivationList(q: { status?: number }): KeysetSpec<FalseActivation> {
  return {
    select: sql`f.terminal_id, f.sn, a.name AS agent_name, a.mobile AS agent_mobile, f.reason, f.activated_at,
                f.flagged_at, f.status, f.proposed_action, f.proposed_by, p.name AS proposed_by_name, f.note,
                d.name AS decided_by_name, f.decided_at,
                (SELECT coalesce(sum(r.amount_fen), 0) FROM scheme_rewards r
                  WHERE r.terminal_id = f.terminal_id AND r.status = 1) AS held_fen`,
    from: sql`FROM false_activations f JOIN agents a ON a.id = f.agent_id
              LEFT JOIN operators p ON p.id = f.proposed_by LEFT JOIN operators d ON d.id = f.decided_by`,
    where: [q.status !== undefined && sql`f.status = ${q.status}`],
    sorts: { flaggedAt: { expr: sql`f.flagged_at`, type: 'timestamptz' } },
    defaultSort: 'flaggedAt',
    id: sql`f.terminal_id`,
    counted: true,
    map: (r) => ({
      terminalId: num(r.terminal_id),
      sn: String(r.sn),
      agentName: String(r.agent_name),
      agentMobile: String(r.agent_mobile),
      reason: String(r.reason) as FalseActivation['reason'],
      activatedAt: iso(r.activated_at)!,
      flaggedAt: iso(r.flagged_at)!,
      status: num(r.status),
      heldFen: num(r.held_fen),
      proposedAction: (r.proposed_action as FalseActivation['proposedAction']) ?? null,
      proposedBy: r.proposed_by == null ? null : num(r.proposed_by),
      proposedByName: r.proposed_by_name == null ? null : String(r.proposed_by_name),
      note: r.note == null ? null : String(r.note),
      decidedByName: r.decided_by_name == null ? null : String(r.decided_by_name),
      decidedAt: iso(r.decided_at),
    }),
  };
}

/** One operator proposes to release or forfeit a flagged activation's held rewards. */
export async function proposeReview(db: Db, op: OperatorCaller, input: ProposeReviewRequest) {
  return db.transaction(async (tx) => {
    const [f] = await rows<Record<string, unknown>>(
      tx,
      sql`SELECT status, proposed_action FROM false_activations WHERE terminal_id = ${input.terminalId} FOR UPDATE`,
    );
    if (!f) throw notFound('伪激活记录不存在');
    if (num(f.status) !== 0) throw conflict('该记录已处理');
    if (f.proposed_action != null) throw conflict('已有待复核的处理，请等待复核');
    await tx.execute(
      sql`UPDATE false_activations SET proposed_action = ${input.action}, proposed_by = ${op.operatorId},
                 proposed_at = now(), note = ${input.note}
           WHERE terminal_id = ${input.terminalId}`,
    );
    await audit(tx, op, {
      action: 'false_activation.propose',
      targetType: 'false_activation',
      targetId: input.terminalId,
      after: { action: input.action, note: input.note },
    });
    return { terminalId: input.terminalId };
  });
}

/**
 * A second operator (never the proposer, and independent of it) approves the proposal or rejects
 * it. Approving a release makes the held rewards due (the crediting job posts them, once);
 * approving a forfeit drops them. Rejecting clears the proposal and leaves the flag waiting.
 */
export async function decideReview(
  db: Db,
  op: OperatorCaller,
  input: { terminalId: number; approve: boolean },
): Promise<{ status: number; rewards: number }> {
  return db.transaction(async (tx) => {
    const [f] = await rows<Record<string, unknown>>(
      tx,
      sql`SELECT status, proposed_action, proposed_by FROM false_activations
           WHERE terminal_id = ${input.terminalId} FOR UPDATE`,
    );
    if (!f) throw notFound('伪激活记录不存在');
    if (num(f.status) !== 0) throw conflict('该记录已处理');
    if (f.proposed_action == null) throw badRequest('尚无待复核的处理', 'terminalId');
    const maker = num(f.proposed_by);
    if (maker === op.operatorId) {
      throw badRequest('须由另一位操作员复核', 'terminalId', 'SAME_OPERATOR');
    }
    if (!input.approve) {
      await tx.execute(
        sql`UPDATE false_activations SET proposed_action = NULL, proposed_by = NULL, proposed_at = NULL
             WHERE terminal_id = ${input.terminalId}`,
      );
      await audit(tx, op, {
        action: 'false_activation.reject',
        targetType: 'false_activation',
        targetId: input.terminalId,
        before: { action: f.proposed_action },
      });
      return { status: 0, rewards: 0 };
    }
    await assertIndependent(tx, maker, op.operatorId, {
      msg: '不能复核由本账号的创建人或本账号创建的操作员提交的处理',
      field: 'terminalId',
      code: 'CHECKER_RELATED',
    });
    const release = f.proposed_action === 'release';
    const status = release ? 1 : 2;
    await tx.execute(
      sql`UPDATE false_activations SET status = ${status}, decided_by = ${op.operatorId}, decided_at = now()
           WHERE terminal_id = ${input.terminalId}`,
    );
    const moved = await rows(
      tx,
      sql`UPDATE scheme_rewards SET status = ${release ? 0 : 3}
           WHERE terminal_id = ${input.terminalId} AND status = 1 RETURNING id`,
    );
    await audit(tx, op, {
      action: 'false_activation.approve',
      targetType: 'false_activation',
      targetId: input.terminalId,
      before: { status: 0 },
      after: { status, action: f.proposed_action, rewards: moved.length },
    });
    return { status, rewards: moved.length };
  });
}
