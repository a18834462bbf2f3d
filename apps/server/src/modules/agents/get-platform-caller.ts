import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents } from '../../db/schema';
import type { Caller } from '../../plugins/auth';
import { createAgent } from './create-agent';

/**
 * The platform's own account in the agents table, as a caller: terminal operations name an
 * agent as their operator, so moves made by the console or by the mall's fulfilment are recorded
 * under it (made once when missing).
 */
export async function getPlatformCaller(db: Db): Promise<Caller> {
  let [platform] = await db.select().from(agents).where(eq(agents.role, 'operator')).limit(1);
  if (!platform) {
    platform = await createAgent(db, {
      mobile: '10000000000',
      name: '平台',
      passwordHash: '!',
      parent: null,
      role: 'operator',
    });
  }
  return {
    agentId: platform.id,
    role: 'operator',
    path: platform.path,
    topId: null,
    sessionId: '',
    mustChangePassword: false,
  };
}
