import { randomBytes } from 'node:crypto';
import type {
  CreateOperatorRequest,
  DecideOperatorChangeRequest,
  OperatorChangeDecision,
  OperatorChangeKind,
  OperatorChangeRow,
  Role,
} from '@pos/core';
import { AGENT_LEVEL_PARAM, MALL_RULES_PARAM, mallRules, type AuditAction } from '@pos/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { operatorChanges, operators, operatorSessions, systemParams } from '../../db/schema';
import { orNull, select } from '../../db/typed';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { hashPassword } from '../../lib/crypto';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { parseAgentLevels } from '../../lib/agent-levels';
import { assertIndependent } from '../../db/independence';
import { audit } from '../../db/audit';
import { endOperatorChallenges } from './operator-login';

type Proposal =
  | ({ kind: 'create' } & CreateOperatorRequest)
  | { kind: 'role'; id: number; role: Role }
  | { kind: 'enable'; id: number }
  | { kind: 'reset_totp'; id: number };

/** What a proposed change carries (operator_changes.payload). */
interface ChangePayload {
  username?: string;
  name?: string;
  role?: Role;
  fromRole?: Role;
}

const KIND_LABEL: Record<OperatorChangeKind, string> = {
  create: '创建操作员',
  role: '变更角色',
  enable: '启用操作员',
  reset_totp: '重置动态验证码',
};

/**
 * A change that gives an operator power (creating one, changing its role, enabling it again,
 * resetting its authenticator) is only proposed here: it waits for a second super admin
 * (decideOperatorChange), so one super admin alone cannot make itself a second pair of eyes
 * (decision 022). Checks now what can be checked; the approval checks again.
 */
export async function proposeOperatorChange(db: Db, op: OperatorCaller, input: Proposal) {
  return db.transaction(async (tx) => {
    let operatorId: number | null = null;
    let payload: ChangePayload = {};
    let target: { username: string; name: string; role: string } | null = null;
    if (input.kind === 'create') {
      const [exists] = await tx
        .select({ id: operators.id })
        .from(operators)
        .where(eq(operators.username, input.username));
      if (exists) throw conflict('该账号已存在', 'username');
      const [pending] = await select(
        tx,
        { id: operatorChanges.id },
        sql`FROM operator_changes
             WHERE ${operatorChanges.status} = 0 AND ${operatorChanges.kind} = 'create'
               AND ${operatorChanges.payload}->>'username' = ${input.username}`,
      );
      if (pending) throw conflict('该账号已有待批准的创建申请', 'username');
      payload = { username: input.username, name: input.name, role: input.role };
      target = { username: input.username, name: input.name, role: input.role };
    } else {
      const [row] = await tx.select().from(operators).where(eq(operators.id, input.id));
      if (!row) throw notFound('操作员不存在');
      operatorId = row.id;
      target = { username: row.username, name: row.name, role: row.role };
      if (input.kind === 'role') {
        if (row.role === input.role) throw badRequest('角色未改变', 'role');
        payload = { role: input.role, fromRole: row.role as Role };
      }
      if (input.kind === 'enable' && row.status === 0) throw badRequest('该操作员未停用', 'id');
      const [pending] = await tx
        .select({ id: operatorChanges.id })
        .from(operatorChanges)
        .where(
          and(
            eq(operatorChanges.operatorId, row.id),
            eq(operatorChanges.kind, input.kind),
            eq(operatorChanges.status, 0),
          ),
        );
      if (pending) throw conflict(`该操作员已有待批准的${KIND_LABEL[input.kind]}申请`, 'id');
    }
    const [change] = await tx
      .insert(operatorChanges)
      .values({ kind: input.kind, operatorId, payload, proposedBy: op.operatorId })
      .returning();
    await audit(tx, op, {
      action: 'operator_change.propose',
      targetType: 'operator_change',
      targetId: change!.id,
      after: { kind: input.kind, operatorId, ...target, ...payload, status: 0 },
    });
    return { id: change!.id, status: 0 };
  });
}

/** A one-time password for the approving super admin to hand over; replaced at first sign-in. */
export function temporaryPassword(): string {
  for (;;) {
    const candidate = randomBytes(12).toString('base64url');
    if (/[A-Za-z]/.test(candidate) && /\d/.test(candidate)) return candidate;
  }
}

/**
 * A second super admin (never the proposer, never the operator the change is about) approves,
 * and the change applies in the same transaction, or rejects it with a reason. Creating an
 * operator or resetting its authenticator issues a temporary password, answered this once to the
 * approver: the operator must replace it at its first sign-in, before enrolling an authenticator,
 * so neither the proposer nor an old password can enrol one.
 */
export async function decideOperatorChange(
  db: Db,
  op: OperatorCaller,
  input: DecideOperatorChangeRequest,
  opts: { scryptCost: number },
): Promise<OperatorChangeDecision> {
  if (op.role !== 'super_admin') throw forbidden('须由超级管理员批准');
  if (!input.approve && !input.reason) throw badRequest('请填写驳回原因', 'reason');
  const tempPassword = input.approve ? temporaryPassword() : null;
  const tempHash = tempPassword ? await hashPassword(tempPassword, opts.scryptCost) : null;
  return db.transaction(async (tx) => {
    const [change] = await tx
      .select()
      .from(operatorChanges)
      .where(eq(operatorChanges.id, input.id))
      .for('update');
    if (!change) throw notFound('变更申请不存在');
    if (change.status !== 0) throw conflict('该变更申请已处理');
    if (change.proposedBy === op.operatorId)
      throw badRequest('变更须由另一位超级管理员批准', 'id', 'SAME_OPERATOR');
    if (change.operatorId === op.operatorId)
      throw badRequest('不能批准与自己有关的变更', 'id', 'SAME_OPERATOR');
    // An operator whose password the proposer was issued (or the other way round) is not a
    // second person.
    if (input.approve) {
      await assertIndependent(tx, change.proposedBy, op.operatorId, {
        msg: '变更须由与发起人无关的另一位超级管理员批准（不能是其创建人或为其签发临时密码的人）',
        field: 'id',
        code: 'APPROVER_RELATED',
      });
    }
    const kind = change.kind as OperatorChangeKind;
    const payload = change.payload as ChangePayload;
    let operatorId = change.operatorId;
    let username = payload.username ?? '';
    let issued: string | null = null;
    let applied: { action: AuditAction; before?: unknown; after?: unknown } | null = null;
    if (input.approve) {
      if (kind === 'create') {
        const [exists] = await tx
          .select({ id: operators.id })
          .from(operators)
          .where(eq(operators.username, username));
        if (exists) throw conflict('该账号已存在', 'username');
        const [row] = await tx
          .insert(operators)
          .values({
            username,
            name: payload.name!,
            role: payload.role!,
            passwordHash: tempHash!,
            mustChangePassword: true,
            createdBy: change.proposedBy,
            issuedBy: op.operatorId,
          })
          .returning();
        operatorId = row!.id;
        issued = tempPassword;
        applied = {
          action: 'operator.create',
          after: { username, name: row!.name, role: row!.role, createdBy: change.proposedBy },
        };
      } else {
        const [target] = await tx
          .select()
          .from(operators)
          .where(eq(operators.id, operatorId!))
          .for('update');
        if (!target) throw notFound('操作员不存在');
        username = target.username;
        if (kind === 'role') {
          await tx
            .update(operators)
            .set({ role: payload.role!, updatedAt: sql`now()` })
            .where(eq(operators.id, target.id));
          applied = {
            action: 'operator.role',
            before: { role: target.role },
            after: { role: payload.role },
          };
        } else if (kind === 'enable') {
          await tx
            .update(operators)
            .set({ status: 0, updatedAt: sql`now()` })
            .where(eq(operators.id, target.id));
          applied = {
            action: 'operator.enable',
            before: { status: target.status },
            after: { status: 0 },
          };
        } else {
          // A lost phone: the authenticator is forgotten, and so is the password, so that the
          // password alone (whoever else knows it) cannot enrol a new authenticator.
          await tx
            .update(operators)
            .set({
              totpSecretEnc: null,
              totpEnrolledAt: null,
              totpLastStep: null,
              passwordHash: tempHash!,
              mustChangePassword: true,
              issuedBy: op.operatorId,
              failedLogins: 0,
              lockedUntil: null,
              updatedAt: sql`now()`,
            })
            .where(eq(operators.id, target.id));
          await endSessions(tx, target.id);
          issued = tempPassword;
          applied = { action: 'operator.reset_totp', after: { mustChangePassword: true } };
        }
      }
    }
    const status = input.approve ? 1 : 2;
    await tx
      .update(operatorChanges)
      .set({
        status,
        operatorId,
        decidedBy: op.operatorId,
        decisionReason: input.reason ?? null,
        decidedAt: sql`now()`,
      })
      .where(eq(operatorChanges.id, change.id));
    await audit(tx, op, {
      action: input.approve ? 'operator_change.approve' : 'operator_change.reject',
      targetType: 'operator_change',
      targetId: change.id,
      before: { status: 0 },
      after: {
        status,
        kind,
        operatorId,
        username,
        proposedBy: change.proposedBy,
        reason: input.reason ?? null,
      },
    });
    if (applied) {
      await audit(tx, op, {
        action: applied.action,
        targetType: 'operator',
        targetId: operatorId,
        before: applied.before,
        after: { ...(applied.after as object), change: change.id, proposedBy: change.proposedBy },
      });
    }
    return { status, operatorId, username, tempPassword: issued };
  });
}

/** Pending changes first, then the latest decided ones. */
export async function operatorChangeList(db: Db): Promise<OperatorChangeRow[]> {
  const found = await select(
    db,
    {
      id: c.id,
      kind: c.kind,
      operatorId: c.operatorId,
      payload: c.payload,
      status: c.status,
      proposedBy: c.proposedBy,
      proposedByName: p.name,
      decidedBy: c.decidedBy,
      decidedByName: orNull(d.name),
      decisionReason: c.decisionReason,
      createdAt: c.createdAt,
      decidedAt: c.decidedAt,
      opUsername: orNull(o.username),
      opName: orNull(o.name),
    },
    sql`FROM operator_changes c
          JOIN operators p ON ${p.id} = ${c.proposedBy}
          LEFT JOIN operators d ON ${d.id} = ${c.decidedBy}
          LEFT JOIN operators o ON ${o.id} = ${c.operatorId}
         ORDER BY (${c.status} = 0) DESC, ${c.id} DESC
         LIMIT 100`,
  );
  return found.map((r) => {
    const payload = r.payload as ChangePayload;
    const kind = r.kind as OperatorChangeKind;
    return {
      id: r.id,
      kind,
      operatorId: r.operatorId,
      username: r.opUsername ?? payload.username ?? '',
      name: r.opName ?? payload.name ?? '',
      role: payload.role ?? null,
      fromRole: kind === 'role' ? (payload.fromRole ?? null) : null,
      status: r.status,
      proposedBy: r.proposedBy,
      proposedByName: r.proposedByName,
      decidedBy: r.decidedBy,
      decidedByName: r.decidedByName,
      decisionReason: r.decisionReason,
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
    };
  });
}

const c = alias(operatorChanges, 'c');
const p = alias(operators, 'p');
const d = alias(operators, 'd');
const o = alias(operators, 'o');

/** Ends an operator's sessions and the sign-in steps it has open. */
async function endSessions(tx: DbOrTx, id: number) {
  await tx
    .update(operatorSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(operatorSessions.operatorId, id), isNull(operatorSessions.revokedAt)));
  await endOperatorChallenges(tx, id);
}

/**
 * Disabling takes power away, so one super admin does it at once; it ends the operator's sessions
 * and open sign-in steps. Nobody disables themselves. Enabling again is a proposed change.
 */
export async function disableOperator(db: Db, op: OperatorCaller, id: number) {
  if (id === op.operatorId) throw badRequest('不能停用自己', 'id');
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
    if (!before) throw notFound('操作员不存在');
    await tx
      .update(operators)
      .set({ status: 1, updatedAt: sql`now()` })
      .where(eq(operators.id, id));
    await endSessions(tx, id);
    await audit(tx, op, {
      action: 'operator.disable',
      targetType: 'operator',
      targetId: id,
      before: { status: before.status },
      after: { status: 1 },
    });
  });
}

export async function listParams(db: Db) {
  const found = await db
    .select({
      key: systemParams.key,
      name: systemParams.name,
      value: systemParams.value,
      public: systemParams.public,
      updatedAt: systemParams.updatedAt,
    })
    .from(systemParams)
    .orderBy(systemParams.key);
  return found.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

/** The mall's rules must stay a whole, valid rule: the first problem is named. */
function checkMallRules(value: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw badRequest('商城规则须为JSON，如 {"pointsPerActivation":100,"postageFen":1200}', 'value');
  }
  const checked = mallRules.strict().safeParse(parsed);
  if (!checked.success) throw badRequest(checked.error.issues[0]!.message, 'value');
}

/** Updates an existing parameter; agent_common_level must stay a valid level list. */
export async function saveParam(db: Db, op: OperatorCaller, input: { key: string; value: string }) {
  if (input.key === AGENT_LEVEL_PARAM && !parseAgentLevels(input.value)) {
    throw badRequest('代理等级须为JSON列表，如 [{"level":1,"name":"V1"}]，等级不能重复', 'value');
  }
  if (input.key === MALL_RULES_PARAM) checkMallRules(input.value);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(systemParams)
      .where(eq(systemParams.key, input.key))
      .for('update');
    if (!before) throw badRequest('参数不存在', 'key');
    await tx
      .update(systemParams)
      .set({ value: input.value, updatedAt: sql`now()` })
      .where(eq(systemParams.key, input.key));
    await audit(tx, op, {
      action: 'param.update',
      targetType: 'system_param',
      targetId: input.key,
      before: { value: before.value },
      after: { value: input.value },
    });
  });
}
