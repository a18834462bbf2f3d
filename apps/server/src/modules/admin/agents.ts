import type {
  AdminAgent,
  AdminAgentDetail,
  AdminAgentQuery,
  CreateTopAgentRequest,
} from '@pos/core';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents, ledgerAccounts, merchants, terminals, type AgentRow } from '../../db/schema';
import { decode, select, type RowOf } from '../../db/typed';
import { badRequest, notFound } from '../../lib/app-error';
import { hashPassword } from '../../lib/crypto';
import { typedKeyset, type KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { createAgent } from '../agents/create-agent';
import { endAllSessions } from '../../db/sessions';
import { getAgentLevels } from '../../lib/agent-levels';
import { generateInitialPassword } from '../../lib/initial-password';
import { audit } from '../../db/audit';

/** The list's and the children's columns, typed by the schema. */
const AGENT = {
  id: agents.id,
  name: agents.name,
  mobile: agents.mobile,
  inviteCode: agents.inviteCode,
  level: agents.level,
  depth: agents.depth,
  parentId: agents.parentId,
  topId: agents.topId,
  status: agents.status,
  isSpecificAccount: agents.isSpecificAccount,
  realNameVerified: agents.realNameVerified,
  createdAt: agents.createdAt,
};
const mapAgent = (r: RowOf<typeof AGENT>): AdminAgent => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
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
const count = sql`count(*)`.mapWith(decode.number);

/**
 * The whole forest, searched by name (prefix), mobile or invite code (exact), newest first by
 * keyset on the primary key, so it stays quick on 100,000 agents.
 */
export function agentList(q: AdminAgentQuery): KeysetSpec<AdminAgent> {
  const kw = q.keyword?.trim();
  return typedKeyset({
    shape: AGENT,
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
  });
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
    ? await select(
        db,
        { id: agents.id, name: agents.name, mobile: agents.mobile, level: agents.level },
        sql`FROM agents WHERE ${agents.id} = ANY(${sql.param(ancestorIds)}::bigint[]) ORDER BY ${agents.depth}`,
      )
    : [];
  const children = await select(
    db,
    AGENT,
    sql`FROM agents WHERE ${agents.parentId} = ${id} ORDER BY ${agents.id} LIMIT 200`,
  );
  const [size] = await select(
    db,
    { n: count },
    sql`FROM agents WHERE ${agents.path} LIKE ${`${a.path}%`} AND ${agents.id} <> ${id}`,
  );
  const wallets = await select(
    db,
    { walletType: ledgerAccounts.walletType, balanceFen: ledgerAccounts.balanceFen },
    sql`FROM ledger_accounts WHERE ${ledgerAccounts.agentId} = ${id} AND ${ledgerAccounts.kind} = 'agent'
        ORDER BY ${ledgerAccounts.walletType}`,
  );
  const [t] = await select(
    db,
    {
      total: count,
      unbound: sql`count(*) FILTER (WHERE ${terminals.bindStatus} = 0)`.mapWith(decode.number),
      bound: sql`count(*) FILTER (WHERE ${terminals.bindStatus} = 1)`.mapWith(decode.number),
      activated: sql`count(*) FILTER (WHERE ${terminals.bindStatus} = 3)`.mapWith(decode.number),
    },
    sql`FROM terminals WHERE ${terminals.holderAgentId} = ${id} AND ${terminals.deletedAt} IS NULL`,
  );
  const [m] = await select(
    db,
    { n: count },
    sql`FROM merchants WHERE ${merchants.agentId} = ${id}`,
  );
  if (!size || !t || !m) throw new Error('count(*) returned no row');
  return {
    agent: fromRow(a),
    chain,
    children: children.map(mapAgent),
    subtreeSize: size.n,
    wallets,
    terminals: t,
    merchants: m.n,
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
