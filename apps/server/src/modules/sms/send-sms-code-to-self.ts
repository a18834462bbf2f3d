import type { SendSmsResponse, SmsScene } from '@pos/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents } from '../../db/schema';
import { unauthorized } from '../../lib/app-error';
import { sendSmsCode } from './send-sms-code';
import type { SmsSender } from './sms-sender';

/** Sends a code to the signed-in agent's own mobile (pay password, settlement account). */
export async function sendSmsCodeToSelf(
  deps: { db: Db; sender: SmsSender },
  input: { agentId: number; topId: number | null; scene: SmsScene; ip: string },
): Promise<SendSmsResponse> {
  const [agent] = await deps.db
    .select({ mobile: agents.mobile })
    .from(agents)
    .where(
      and(
        eq(agents.id, input.agentId),
        // In the caller's tree (decision 020); an operator belongs to none.
        input.topId === null ? undefined : eq(agents.topId, input.topId),
      ),
    )
    .limit(1);
  if (!agent) throw unauthorized();
  return sendSmsCode(deps, { mobile: agent.mobile, scene: input.scene, ip: input.ip });
}
