import { maskName, type IdentityStatus } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { andInTree } from '../../db/tree';

/** The caller's real-name verification state (never the images or the whole ID number). */
export async function getIdentityStatus(
  db: DbOrTx,
  agentId: number,
  topId?: number | null,
): Promise<IdentityStatus> {
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT a.real_name_verified, a.id_card_masked, i.real_name, i.status, i.reason,
               i.front_data IS NOT NULL AS has_front, i.back_data IS NOT NULL AS has_back
          FROM agents a LEFT JOIN agent_identities i ON i.agent_id = a.id
         WHERE a.id = ${agentId}${andInTree('a.top_id', { topId })}`,
  );
  const verified = Boolean(r?.real_name_verified);
  return {
    status: verified ? 2 : Number(r?.status ?? 0),
    verified,
    realNameMasked: r?.real_name ? maskName(String(r.real_name)) : null,
    idCardMasked: (r?.id_card_masked as string | null) ?? null,
    reason: (r?.reason as string | null) ?? null,
    hasFront: Boolean(r?.has_front),
    hasBack: Boolean(r?.has_back),
  };
}

/** The verified real name, or null. */
export async function verifiedRealName(db: DbOrTx, agentId: number): Promise<string | null> {
  const [r] = await rows<{ real_name: string | null }>(
    db,
    sql`SELECT i.real_name FROM agents a JOIN agent_identities i ON i.agent_id = a.id
         WHERE a.id = ${agentId} AND a.real_name_verified AND i.status = 2`,
  );
  return r?.real_name ?? null;
}
