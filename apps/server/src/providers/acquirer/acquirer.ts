import type { FeeKind } from '@pos/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { applyAcquirerResult } from '../../modules/acquirer/apply-acquirer-result';
import { SimulatedAcquirer } from './simulated-acquirer';

/**
 * The one interface between the platform and the acquirer for what the policies feature sends:
 * merchant rate changes and terminal fee changes. What comes back (processing, done, failed with
 * a reason) arrives as an AcquirerResult and goes through applyAcquirerResult, whether it comes
 * from the signed callback route of a real acquirer or from the built-in simulator.
 */

export interface RateChangeSubmission {
  /** 'R' + the rate change id; the acquirer quotes it back in its result. */
  requestNo: string;
  merchantNo: string;
  rateType: number;
  oldRate: number;
  /** ppm for rate types 1-5, fen for the debit-card cap (6). */
  rate: number;
}

export interface FeeChangeSubmission {
  /** 'F' + the fee change id. */
  requestNo: string;
  kind: FeeKind;
  sns: string[];
  feeFen: number;
}

export interface AcquirerResult {
  requestNo: string;
  status: 'processing' | 'success' | 'failed';
  reason?: string;
}

export interface Acquirer {
  /** Hands a change to the acquirer. Resolves once it has been accepted for processing. */
  submitRateChange(request: RateChangeSubmission): Promise<void>;
  submitFeeChange(request: FeeChangeSubmission): Promise<void>;
  /** Stops whatever the adapter runs in the background (timers, connections). */
  close(): Promise<void>;
}

const registry = new WeakMap<Db, Acquirer>();

/**
 * The acquirer of an app (keyed by its database): a registered adapter, or else the built-in
 * simulator, which answers every change after ACQUIRER_SIM_DELAY_MS through applyAcquirerResult.
 */
export function acquirerFor(app: { db: Db; config: Config; log: FastifyBaseLogger }): Acquirer {
  let acquirer = registry.get(app.db);
  if (!acquirer) {
    acquirer = new SimulatedAcquirer({
      delayMs: app.config.acquirerSimDelayMs,
      failPattern: app.config.acquirerSimFailPattern,
      deliver: async (result) => {
        await applyAcquirerResult(app.db, result);
      },
      log: app.log,
    });
    registry.set(app.db, acquirer);
  }
  return acquirer;
}

/** Puts a real adapter (or a test double) in place of the simulator for the app on this database. */
export function useAcquirer(db: Db, acquirer: Acquirer) {
  registry.set(db, acquirer);
}

/** Closes and forgets the app's acquirer (the app is shutting down). */
export async function closeAcquirer(db: Db) {
  const acquirer = registry.get(db);
  registry.delete(db);
  await acquirer?.close();
}
