import { maskName, type IdentityStatus } from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { agentIdentities, agents } from '../../db/schema';
import { andInTree } from '../../db/tree';
import { decode, orNull, selectOne } from '../../db/typed';

const a = alias(agents, 'a');
const i = alias(agentIdentities, 'i');

/** The caller's real-name verification state (never the images or the whole ID number). */
export async function getIdentityStatus(
  db: DbOrTx,
  agentId: number,
  topId?: number | null,
): Promise<IdentityStatus> {
  const r = await selectOne(
    db,
    {
      realNameVerified: a.realNameVerified,
      idCardMasked: a.idCardMasked,
      // The identity is the outer join's side: none yet reads as NULLs.
      realName: orNull(i.realName),
      status: orNull(i.status),
      reason: orNull(i.reason),
      hasFront: sql`${i.frontData} IS NOT NULL`.mapWith(decode.bool),
      hasBack: sql`${i.backData} IS NOT NULL`.mapWith(decode.bool),
    },
    sql`FROM agents a LEFT JOIN agent_identities i ON ${i.agentId} = ${a.id}
         WHERE ${a.id} = ${agentId}${andInTree(sql`${a.topId}`, { topId })}`,
  );
  const verified = r?.realNameVerified ?? false;
  return {
    status: verified ? 2 : (r?.status ?? 0),
    verified,
    realNameMasked: r?.realName ? maskName(r.realName) : null,
    idCardMasked: r?.idCardMasked ?? null,
    reason: r?.reason ?? null,
    hasFront: r?.hasFront ?? false,
    hasBack: r?.hasBack ?? false,
  };
}

/** The verified real name, or null. */
export async function verifiedRealName(db: DbOrTx, agentId: number): Promise<string | null> {
  const r = await selectOne(
    db,
    { realName: i.realName },
    sql`FROM agents a JOIN agent_identities i ON ${i.agentId} = ${a.id}
         WHERE ${a.id} = ${agentId} AND ${a.realNameVerified} AND ${i.status} = 2`,
  );
  return r?.realName ?? null;
}
