import { maskIdCard, type AddAgentRequest, type AddAgentResponse } from '@pos/core';
import type { Db } from '../../db/client';
import { badRequest, conflict } from '../../lib/app-error';
import { hashPassword, type Cipher } from '../../lib/crypto';
import type { Caller } from '../../plugins/auth';
import { createAgent } from '../agents/create-agent';
import { generateInitialPassword } from '../../lib/initial-password';
import { levelName, levelsOrDefault } from './levels';
import { findCaller } from './scope';

export interface AddAgentDeps {
  cipher: Cipher;
  scryptCost: number;
}

/**
 * A parent creates a direct sub-agent with its real-name details. The new agent can sign in at
 * once with a generated initial password, returned here once (only its hash is kept) and to be
 * replaced at the first sign-in.
 *
 * Level rule: a sub-agent's level may not be above its parent's. Levels name ranks where a higher
 * number is a higher rank (the demo top agent is V3, its child V2), and a parent hands down terms
 * no better than its own (business rules section 5: a child's cost is never below its parent's),
 * so a child may equal its parent's level but never pass it. Operators create top-level agents
 * and may give any level of the list.
 */
export async function addAgent(
  db: Db,
  caller: Caller,
  input: AddAgentRequest,
  deps: AddAgentDeps,
): Promise<AddAgentResponse> {
  const self = await findCaller(db, caller);
  const isOperator = self.role === 'operator';
  const levels = levelsOrDefault(self.levels, self.level);
  if (!levels.some((l) => l.level === input.level)) throw badRequest('代理等级不存在', 'level');
  if (!isOperator && input.level > self.level)
    throw badRequest('下级代理的等级不能高于自己的等级', 'level');

  const initialPassword = generateInitialPassword();
  const passwordHash = await hashPassword(initialPassword, deps.scryptCost);
  try {
    const agent = await db.transaction((tx) =>
      createAgent(tx, {
        mobile: input.mobile,
        passwordHash,
        name: input.name,
        parent: isOperator ? null : self,
        level: input.level,
        mustChangePassword: true,
        idCardEnc: deps.cipher.encrypt(input.idCard),
        idCardMasked: maskIdCard(input.idCard),
        // Entered by the parent, not yet proven by the ID card images (see the wallet's rules).
        realNameVerified: false,
      }),
    );
    return {
      id: agent.id,
      name: agent.name,
      mobile: agent.mobile,
      level: agent.level,
      levelName: levelName(levels, agent.level),
      initialPassword,
    };
  } catch (err) {
    // Two adds of one mobile at the same moment: the unique index decides the loser.
    if (isUniqueViolation(err)) throw conflict('该手机号已注册', 'mobile');
    throw err;
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
