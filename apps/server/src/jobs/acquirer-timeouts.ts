import type { FastifyInstance } from 'fastify';
import { failTimedOutChanges } from '../modules/acquirer/fail-timed-out-changes';

/**
 * Fails the rate and fee changes the acquirer has not answered within ACQUIRER_TIMEOUT_MS, with
 * the reason '收单机构处理超时'. Run by the jobs scheduler; the UPDATE only touches rows still in
 * flight, so several processes running it at once is harmless. Returns how many were failed.
 */
export async function failAcquirerTimeouts(app: FastifyInstance, now: Date): Promise<number> {
  const n = await failTimedOutChanges(app.db, app.config.acquirerTimeoutMs, now);
  return n.rateChanges + n.feeChanges;
}
