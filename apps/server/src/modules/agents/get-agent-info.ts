import { AGENT_LEVEL_PARAM, type AgentInfo } from '@pos/core';
import { preparedText, type Db } from '../../db/client';
import { unauthorized } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { parseAgentLevels, levelName } from '../system/agent-levels';

const INFO_COLUMNS = `SELECT a.id, a.mobile, a.name, a.level, a.invite_code, a.parent_id,
       p.name AS parent_name, a.real_name_verified, a.id_card_masked, a.is_specific_account,
       a.must_change_password, a.pay_password_hash IS NOT NULL AS has_pay_password, a.created_at,
       (SELECT value FROM system_params WHERE key = $1) AS levels`;
/** An operator's profile, by id alone. */
const INFO_SQL = `${INFO_COLUMNS}
  FROM agents a LEFT JOIN agents p ON p.id = a.parent_id
 WHERE a.id = $2`;
/** An agent's profile, read in its tree. */
const INFO_IN_TREE_SQL = `${INFO_COLUMNS}
  FROM agents a LEFT JOIN agents p ON p.id = a.parent_id AND p.top_id = $3
 WHERE a.id = $2 AND a.top_id = $3`;

/**
 * The signed-in agent's own profile, in one statement (the agent, its parent's name and the level
 * names). The ID card only ever leaves masked; the pay password only as whether one is set.
 * An agent's rows are read in its tree (top_id, decision 020), an operator's by its id alone;
 * each text has its own prepared statement name. Written as plain text: this is the hottest
 * authenticated read, and no query builder runs per call (issue 12).
 */
export async function getAgentInfo(
  db: Db,
  caller: Pick<Caller, 'agentId' | 'topId'>,
): Promise<AgentInfo> {
  const { agentId, topId } = caller;
  const [row] =
    topId === null
      ? await preparedText<Record<string, unknown>>(db, 'agent-info-v3', INFO_SQL, [
          AGENT_LEVEL_PARAM,
          agentId,
        ])
      : await preparedText<Record<string, unknown>>(db, 'agent-info-v4', INFO_IN_TREE_SQL, [
          AGENT_LEVEL_PARAM,
          agentId,
          topId,
        ]);
  if (!row) throw unauthorized();
  let levels: ReturnType<typeof parseAgentLevels> = [];
  if (row.levels != null) {
    levels = parseAgentLevels(String(row.levels));
    // A set but broken value is an operator's mistake to be seen and fixed (see getAgentLevels).
    if (!levels) throw new Error(`system parameter ${AGENT_LEVEL_PARAM} is not a valid level list`);
  }
  const level = Number(row.level);
  return {
    id: Number(row.id),
    mobile: String(row.mobile),
    name: String(row.name),
    level,
    levelName: levelName(levels, level),
    inviteCode: String(row.invite_code),
    parentId: row.parent_id == null ? null : Number(row.parent_id),
    parentName: (row.parent_name as string | null) ?? null,
    realNameVerified: Boolean(row.real_name_verified),
    idCardMasked: (row.id_card_masked as string | null) ?? null,
    isSpecificAccount: Boolean(row.is_specific_account),
    mustChangePassword: Boolean(row.must_change_password),
    hasPayPassword: Boolean(row.has_pay_password),
    createdAt: new Date(row.created_at as string).toISOString(),
  };
}
