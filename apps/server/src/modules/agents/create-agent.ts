import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agents, type AgentRow } from '../../db/schema';
import { selectOne } from '../../db/typed';
import { conflict } from '../../lib/app-error';
import { randomDigits } from '../../lib/crypto';

export interface NewAgent {
  mobile: string;
  passwordHash: string;
  name: string;
  parent: Pick<AgentRow, 'id' | 'path' | 'depth' | 'topId'> | null;
  role?: 'agent' | 'operator';
  level?: number;
  inviteCode?: string;
  mustChangePassword?: boolean;
  isSpecificAccount?: boolean;
  idCardEnc?: string | null;
  idCardMasked?: string | null;
  realNameVerified?: boolean;
}

/**
 * Inserts an agent with its place in the tree: the id is drawn first so the materialised path
 * (parent's path + own id) is written in the same statement.
 */
export async function createAgent(db: DbOrTx, input: NewAgent): Promise<AgentRow> {
  const [exists] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(eq(agents.mobile, input.mobile));
  if (exists) throw conflict('该手机号已注册', 'mobile');
  const next = await selectOne(
    db,
    { id: sql`nextval(pg_get_serial_sequence('agents', 'id'))`.mapWith(agents.id) },
    sql``,
  );
  const id = next!.id;
  const parent = input.parent;
  const path = `${parent ? parent.path : '/'}${id}/`;
  const [row] = await db
    .insert(agents)
    .values({
      id,
      mobile: input.mobile,
      passwordHash: input.passwordHash,
      name: input.name,
      role: input.role ?? 'agent',
      parentId: parent?.id ?? null,
      path,
      depth: parent ? parent.depth + 1 : 0,
      topId: input.role === 'operator' ? null : (parent?.topId ?? id),
      level: input.level ?? 1,
      inviteCode: input.inviteCode ?? (await freeInviteCode(db)),
      mustChangePassword: input.mustChangePassword ?? false,
      isSpecificAccount: input.isSpecificAccount ?? false,
      idCardEnc: input.idCardEnc ?? null,
      idCardMasked: input.idCardMasked ?? null,
      realNameVerified: input.realNameVerified ?? false,
    })
    .returning();
  return row!;
}

/** Eight digits, unique; a collision just draws again. */
async function freeInviteCode(db: DbOrTx): Promise<string> {
  for (;;) {
    const code = randomDigits(8);
    const [taken] = await db
      .select({ id: agents.id })
      .from(agents)
      .where(eq(agents.inviteCode, code));
    if (!taken) return code;
  }
}
