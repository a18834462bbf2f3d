import {
  rewardSchemeTermsSchema,
  type FalseActivation,
  type ProposeReviewRequest,
  type SaveSchemeRequest,
  type SchemeVersions,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import {
  agents,
  falseActivations,
  operators,
  policies,
  rewardSchemes,
  schemeRewards,
} from '../../db/schema';
import { decode, orNull, select, selectOne } from '../../db/typed';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { typedKeyset, type KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { audit } from '../../db/audit';
import { assertIndependent } from '../../db/independence';

const s = alias(rewardSchemes, 's');
const o = alias(operators, 'o');
const f = alias(falseActivations, 'f');
const a = alias(agents, 'a');
const proposer = alias(operators, 'p');
const decider = alias(operators, 'd');
const r = alias(schemeRewards, 'r');
/** The rewards a review moved (the CTE of decideReview). */
const moved = alias(schemeRewards, 'moved');

/** A policy's scheme versions, newest first. */
export async function schemeVersions(db: Db, policyId: number): Promise<SchemeVersions> {
  const policy = await selectOne(
    db,
    { name: policies.name },
    sql`FROM policies WHERE ${policies.id} = ${policyId}`,
  );
  if (!policy) throw notFound('政策不存在');
  const found = await select(
    db,
    { version: s.version, terms: s.terms, createdAt: s.createdAt, operatorName: orNull(o.name) },
    sql`FROM reward_schemes s LEFT JOIN operators o ON ${o.id} = ${s.operatorId}
         WHERE ${s.policyId} = ${policyId} ORDER BY ${s.version} DESC`,
  );
  return {
    policyId,
    policyName: policy.name,
    versions: found.map((v) => ({
      version: v.version,
      terms: v.terms === null ? null : rewardSchemeTermsSchema.parse(v.terms),
      operatorName: v.operatorName,
      createdAt: v.createdAt.toISOString(),
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
    const policy = await selectOne(
      tx,
      { id: policies.id },
      sql`FROM policies WHERE ${policies.id} = ${input.policyId} FOR UPDATE`,
    );
    if (!policy) throw badRequest('政策不存在', 'policyId');
    const cur = await selectOne(
      tx,
      { version: sql`max(${rewardSchemes.version})`.mapWith(decode.numberOrNull) },
      sql`FROM reward_schemes WHERE ${rewardSchemes.policyId} = ${input.policyId}`,
    );
    // No version yet: the first save is version 1.
    const current = cur?.version ?? 0;
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

const FALSE_ACTIVATION = {
  terminalId: f.terminalId,
  sn: f.sn,
  agentName: a.name,
  agentMobile: a.mobile,
  reason: f.reason,
  activatedAt: f.activatedAt,
  flaggedAt: f.flaggedAt,
  status: f.status,
  heldFen: sql`(SELECT coalesce(sum(${r.amountFen}), 0) FROM scheme_rewards r
                 WHERE ${r.terminalId} = ${f.terminalId} AND ${r.status} = 1)`.mapWith(
    decode.number,
  ),
  proposedAction: f.proposedAction,
  proposedBy: f.proposedBy,
  proposedByName: orNull(proposer.name),
  note: f.note,
  decidedByName: orNull(decider.name),
  decidedAt: f.decidedAt,
};

/** The false-activation queue (waiting first by default), keyset by flag time. */
export function falseActivationList(q: { status?: number }): KeysetSpec<FalseActivation> {
  return typedKeyset({
    shape: FALSE_ACTIVATION,
    from: sql`FROM false_activations f JOIN agents a ON a.id = f.agent_id
              LEFT JOIN operators p ON p.id = f.proposed_by LEFT JOIN operators d ON d.id = f.decided_by`,
    where: [q.status !== undefined && sql`f.status = ${q.status}`],
    sorts: { flaggedAt: { expr: sql`f.flagged_at`, type: 'timestamptz' } },
    defaultSort: 'flaggedAt',
    id: sql`f.terminal_id`,
    counted: true,
    map: (x) => ({
      ...x,
      activatedAt: x.activatedAt.toISOString(),
      flaggedAt: x.flaggedAt.toISOString(),
      decidedAt: x.decidedAt?.toISOString() ?? null,
    }),
  });
}

/** A flagged activation's review state, locked for the change. */
function lockFlag(tx: DbOrTx, terminalId: number) {
  return selectOne(
    tx,
    {
      status: falseActivations.status,
      proposedAction: falseActivations.proposedAction,
      proposedBy: falseActivations.proposedBy,
    },
    sql`FROM false_activations WHERE ${falseActivations.terminalId} = ${terminalId} FOR UPDATE`,
  );
}

/** One operator proposes to release or forfeit a flagged activation's held rewards. */
export async function proposeReview(db: Db, op: OperatorCaller, input: ProposeReviewRequest) {
  return db.transaction(async (tx) => {
    const flag = await lockFlag(tx, input.terminalId);
    if (!flag) throw notFound('伪激活记录不存在');
    if (flag.status !== 0) throw conflict('该记录已处理');
    if (flag.proposedAction !== null) throw conflict('已有待复核的处理，请等待复核');
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
    const flag = await lockFlag(tx, input.terminalId);
    if (!flag) throw notFound('伪激活记录不存在');
    if (flag.status !== 0) throw conflict('该记录已处理');
    if (flag.proposedAction === null) throw badRequest('尚无待复核的处理', 'terminalId');
    // A proposal always names its proposer (both are set together).
    const maker = flag.proposedBy ?? 0;
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
        before: { action: flag.proposedAction },
      });
      return { status: 0, rewards: 0 };
    }
    await assertIndependent(tx, maker, op.operatorId, {
      msg: '不能复核由本账号的创建人或本账号创建的操作员提交的处理',
      field: 'terminalId',
      code: 'CHECKER_RELATED',
    });
    const release = flag.proposedAction === 'release';
    const status = release ? 1 : 2;
    await tx.execute(
      sql`UPDATE false_activations SET status = ${status}, decided_by = ${op.operatorId}, decided_at = now()
           WHERE terminal_id = ${input.terminalId}`,
    );
    const changed = await select(tx, { id: moved.id }, sql`FROM moved`, {
      with: sql`WITH moved AS (UPDATE scheme_rewards SET status = ${release ? 0 : 3}
           WHERE terminal_id = ${input.terminalId} AND status = 1 RETURNING id)`,
    });
    await audit(tx, op, {
      action: 'false_activation.approve',
      targetType: 'false_activation',
      targetId: input.terminalId,
      before: { status: 0 },
      after: { status, action: flag.proposedAction, rewards: changed.length },
    });
    return { status, rewards: changed.length };
  });
}
