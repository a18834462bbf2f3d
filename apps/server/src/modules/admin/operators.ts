import type { CreateOperatorRequest } from '@pos/core';
import { AGENT_LEVEL_PARAM, MALL_RULES_PARAM, mallRules } from '@pos/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { operators, operatorSessions, systemParams } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { hashPassword } from '../../lib/crypto';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { parseAgentLevels } from '../system/agent-levels';
import { audit } from './audit';

export async function createOperator(
  db: Db,
  op: OperatorCaller,
  input: CreateOperatorRequest,
  opts: { scryptCost: number },
) {
  const passwordHash = await hashPassword(input.password, opts.scryptCost);
  return db.transaction(async (tx) => {
    const [exists] = await tx
      .select({ id: operators.id })
      .from(operators)
      .where(eq(operators.username, input.username));
    if (exists) throw conflict('该账号已存在', 'username');
    const [row] = await tx
      .insert(operators)
      .values({ username: input.username, name: input.name, role: input.role, passwordHash })
      .returning();
    await audit(tx, op, {
      action: 'operator.create',
      targetType: 'operator',
      targetId: row!.id,
      after: { username: row!.username, name: row!.name, role: row!.role },
    });
    return { id: row!.id };
  });
}

/** Disabling ends the operator's sessions; nobody disables themselves. */
export async function setOperatorStatus(db: Db, op: OperatorCaller, id: number, disabled: boolean) {
  if (disabled && id === op.operatorId) throw badRequest('不能停用自己', 'id');
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
    if (!before) throw notFound('操作员不存在');
    const status = disabled ? 1 : 0;
    await tx
      .update(operators)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(operators.id, id));
    if (disabled) {
      await tx
        .update(operatorSessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(operatorSessions.operatorId, id), isNull(operatorSessions.revokedAt)));
    }
    await audit(tx, op, {
      action: disabled ? 'operator.disable' : 'operator.enable',
      targetType: 'operator',
      targetId: id,
      before: { status: before.status },
      after: { status },
    });
  });
}

/** A lost phone: the authenticator is forgotten and the next sign-in enrols a new one. */
export async function resetOperatorTotp(db: Db, op: OperatorCaller, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(operators)
      .set({ totpSecretEnc: null, totpEnrolledAt: null, totpLastStep: null, updatedAt: sql`now()` })
      .where(eq(operators.id, id))
      .returning({ id: operators.id });
    if (!row) throw notFound('操作员不存在');
    await tx
      .update(operatorSessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(operatorSessions.operatorId, id), isNull(operatorSessions.revokedAt)));
    await audit(tx, op, { action: 'operator.reset_totp', targetType: 'operator', targetId: id });
  });
}

export async function listParams(db: Db) {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT key, name, value, public, updated_at FROM system_params ORDER BY key`,
  );
  return found.map((r) => ({
    key: String(r.key),
    name: String(r.name),
    value: String(r.value),
    public: Boolean(r.public),
    updatedAt: new Date(r.updated_at as string).toISOString(),
  }));
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
