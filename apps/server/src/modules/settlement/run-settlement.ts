import type { Db } from '../../db/client';
import { settleBatch, type SettleBatchOptions, type SettleBatchResult } from './settle-batch';

export interface SettlementTotals extends SettleBatchResult {
  batches: number;
  /** It stopped on the signal with the queue not yet looked at again: more may be ready. */
  stopped: boolean;
}

export interface RunSettlementOptions extends SettleBatchOptions {
  maxBatches?: number;
  /** Checked before each batch: once aborted, the run returns after the batch in hand. */
  signal?: AbortSignal;
}

/**
 * Settles the queue batch after batch until nothing is ready. Each batch is its own database
 * transaction, so a crash between two batches loses nothing: the next run picks up where the
 * queue stands. Running it again with nothing queued does nothing.
 */
export async function runSettlement(
  db: Db,
  opts: RunSettlementOptions = {},
): Promise<SettlementTotals> {
  const totals: SettlementTotals = {
    stopped: false,
    batches: 0,
    picked: 0,
    settled: 0,
    deferred: 0,
    lines: 0,
    sharesFen: 0,
  };
  const maxBatches = opts.maxBatches ?? Number.POSITIVE_INFINITY;
  while (totals.batches < maxBatches) {
    if (opts.signal?.aborted) {
      totals.stopped = true;
      break;
    }
    const r = await settleBatch(db, opts);
    if (r.picked === 0) break;
    totals.batches += 1;
    totals.picked += r.picked;
    totals.settled += r.settled;
    totals.deferred += r.deferred;
    totals.lines += r.lines;
    totals.sharesFen += r.sharesFen;
    // Everything taken went back to wait: nothing more is ready now.
    if (r.deferred === r.picked) break;
  }
  return totals;
}
