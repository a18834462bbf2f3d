import type {
  AdminAgent,
  AdminAgentDetail,
  AdminAgentQuery,
  CreateTopAgentRequest,
} from '@pos/core';
import { eq, sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { agents, type AgentRow } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';
import { hashPassword } from '../../lib/crypto';
import type { KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { createAgent } from '../agents/create-agent';
import { endAllSessions } from '../auth/sessions';
import { getAgentLevels } from '../../lib/agent-levels';
import { generateInitialPassword } from '../team/initial-password';
import { audit } from './audit';

const iso = (v: unknown) => new Date(v as string).toISOString();

const mapAgent = (r: Record<string, unknown>): AdminAgent => ({
  id: Number(r.id),
  name: String(r.name),
  mobile: String(r.mobile),
  inviteCode: String(r.invite_code),
  level: Number(r.level),
  depth: Number(r.depth),
  parentId: r.parent_id == null ? null : Number(r.parent_id),
  topId: r.top_id == null ? null : Number(r.top_id),
  status: Number(r.status),
  isSpecificAccount: Boolean(r.is_specific_account),
  realNameVerified: Boolean(r.real_name_verified),
  createdAt: iso(r.created_at),
});
const fromRow = (a: AgentRow): AdminAgent => ({
  id: a.id,
  name: a.name,
  mobile: a.mobile,
  inviteCode: a.inviteCode,
  level: a.level,
  depth: a.depth,
  parentId: a.parentId,
  topId: a.topId,
  status: a.status,
  isSpecificAccount: a.isSpecificAccount,
  realNameVerified: a.realNameVerified,
  createdAt: a.createdAt.toISOString(),
});
const AGENT_COLUMNS = sql`id, name, mobile, invite_code, level, depth, parent_id, top_id, status,
  is_specific_account, real_name_verified, created_at`;

/**
 * The whole forest, searched by name (prefix), mobile or invite code (exact), newest first by
 * keyset on the primary key, so it stays quick on 100,000 agents.
 */
export function agentList(q: AdminAgentQuery): KeysetSpec<AdminAgent> {
  const kw = q.keyword?.trim();
  return {
    select: AGENT_COLUMNS,
    from: sql`FROM agents`,
    where: [
      sql`role = 'agent'`,
      kw ? sql`(mobile = ${kw} OR invite_code = ${kw} OR name LIKE ${`${kw}%`})` : undefined,
      q.status !== undefined && sql`status = ${q.status}`,
      q.topOnly === 'true' && sql`parent_id IS NULL`,
    ],
    sorts: { id: { expr: sql`id`, type: 'bigint' } },
    defaultSort: 'id',
    id: sql`id`,
    map: mapAgent,
  };
}

async function loadAgent(db: Db, id: number): Promise<AgentRow> {
  const [a] = await db.select().from(agents).where(eq(agents.id, id));
  if (!a || a.role !== 'agent') throw notFound('代理不存在');
  return a;
}

export async function agentDetail(db: Db, id: number): Promise<AdminAgentDetail> {
  const a = await loadAgent(db, id);
  const ancestorIds = a.path
    .split('/')
    .filter(Boolean)
    .map(Number)
    .filter((x) => x !== id);
  const chain = ancestorIds.length
    ? await rows<Record<string, unknown>>(
        db,
        sql`SELECT id, name, mobile, level FROM agents WHERE id = ANY(${sql.param(ancestorIds)}::bigint[]) ORDER BY depth`,
      )
    : [];
  const children = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${AGENT_COLUMNS} FROM agents WHERE parent_id = ${id} ORDER BY id LIMIT 200`,
  );
  const [size] = await rows<{ n: unknown }>(
    db,
    sql`SELECT count(*) AS n FROM agents WHERE path LIKE ${`${a.path}%`} AND id <> ${id}`,
  );
  const wallets = await rows<{ wallet_type: string; balance_fen: unknown }>(
    db,
    sql`SELECT wallet_type, balance_fen FROM ledger_accounts WHERE agent_id = ${id} AND kind = 'agent' ORDER BY wallet_type`,
  );
  const [t] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT count(*) AS total,
               count(*) FILTER (WHERE bind_status = 0) AS unbound,
               count(*) FILTER (WHERE bind_status = 1) AS bound,
               count(*) FILTER (WHERE bind_status = 3) AS activated
          FROM terminals WHERE holder_agent_id = ${id} AND deleted_at IS NULL`,
  );
  const [m] = await rows<{ n: unknown }>(
    db,
    sql`SELECT count(*) AS n FROM merchants WHERE agent_id = ${id}`,
  );
  return {
    agent: fromRow(a),
    chain: chain.map((c) => ({
      id: Number(c.id),
      name: String(c.name),
      mobile: String(c.mobile),
      level: Number(c.level),
    })),
    children: children.map(mapAgent),
    subtreeSize: Number(size?.n ?? 0),
    wallets: wallets.map((w) => ({ walletType: w.wallet_type, balanceFen: Number(w.balance_fen) })),
    terminals: {
      total: Number(t?.total ?? 0),
      unbound: Number(t?.unbound ?? 0),
      bound: Number(t?.bound ?? 0),
      activated: Number(t?.activated ?? 0),
    },
    merchants: Number(m?.n ?? 0),
  };
}

async function checkLevel(db: Db, level: number) {
  const levels = await getAgentLevels(db);
  if (levels.length && !levels.some((l) => l.level === level))
    throw badRequest(`等级须为 ${levels.map((l) => l.level).join('/')} 之一`, 'level');
}

/** A new top-level agent with a one-time initial password it must change at first sign-in. */
export async function createTopAgent(
  db: Db,
  op: OperatorCaller,
  input: CreateTopAgentRequest,
  opts: { scryptCost: number },
) {
  await checkLevel(db, input.level);
  const initialPassword = generateInitialPassword();
  const passwordHash = await hashPassword(initialPassword, opts.scryptCost);
  const row = await db.transaction(async (tx) => {
    const created = await createAgent(tx, {
      mobile: input.mobile,
      name: input.name,
      passwordHash,
      parent: null,
      level: input.level,
      mustChangePassword: true,
      isSpecificAccount: input.isSpecificAccount ?? false,
    });
    await audit(tx, op, {
      action: 'agent.create_top',
      targetType: 'agent',
      targetId: created.id,
      after: {
        name: created.name,
        mobile: created.mobile,
        level: created.level,
        isSpecificAccount: created.isSpecificAccount,
      },
    });
    return created;
  });
  return { agent: fromRow(row), initialPassword };
}

/** Level and the platform-account flag. */
export async function updateAgent(
  db: Db,
  op: OperatorCaller,
  input: { id: number; level?: number; isSpecificAccount?: boolean },
) {
  if (input.level !== undefined) await checkLevel(db, input.level);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(agents).where(eq(agents.id, input.id)).for('update');
    if (!before || before.role !== 'agent') throw notFound('代理不存在');
    const [after] = await tx
      .update(agents)
      .set({
        level: input.level ?? before.level,
        isSpecificAccount: input.isSpecificAccount ?? before.isSpecificAccount,
        updatedAt: sql`now()`,
      })
      .where(eq(agents.id, input.id))
      .returning();
    await audit(tx, op, {
      action: 'agent.update',
      targetType: 'agent',
      targetId: input.id,
      before: { level: before.level, isSpecificAccount: before.isSpecificAccount },
      after: { level: after!.level, isSpecificAccount: after!.isSpecificAccount },
    });
  });
}

/** Disabling ends every session of the agent at once; enabling lets it sign in again. */
export async function setAgentStatus(db: Db, op: OperatorCaller, id: number, disabled: boolean) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(agents).where(eq(agents.id, id)).for('update');
    if (!before || before.role !== 'agent') throw notFound('代理不存在');
    const status = disabled ? 1 : 0;
    await tx
      .update(agents)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(agents.id, id));
    if (disabled) await endAllSessions(tx, id);
    await audit(tx, op, {
      action: disabled ? 'agent.disable' : 'agent.enable',
      targetType: 'agent',
      targetId: id,
      before: { status: before.status },
      after: { status },
    });
  });
}

/** A new initial password, shown once to the operator; the agent must change it at sign-in. */
export async function resetAgentPassword(
  db: Db,
  op: OperatorCaller,
  id: number,
  opts: { scryptCost: number },
) {
  await loadAgent(db, id);
  const initialPassword = generateInitialPassword();
  const passwordHash = await hashPassword(initialPassword, opts.scryptCost);
  await db.transaction(async (tx) => {
    await tx
      .update(agents)
      .set({
        passwordHash,
        mustChangePassword: true,
        credentialsChangedAt: sql`now()`,
        failedLogins: 0,
        lockedUntil: null,
        updatedAt: sql`now()`,
      })
      .where(eq(agents.id, id));
    await endAllSessions(tx, id);
    await audit(tx, op, {
      action: 'agent.reset_password',
      targetType: 'agent',
      targetId: id,
      after: { mustChangePassword: true },
    });
  });
  return { initialPassword };
}
