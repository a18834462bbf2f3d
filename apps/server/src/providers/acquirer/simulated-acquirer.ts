import type { FastifyBaseLogger } from 'fastify';
import type {
  Acquirer,
  AcquirerResult,
  FeeChangeSubmission,
  RateChangeSubmission,
} from './acquirer';

export const SIM_RATE_REFUSAL = '收单机构拒绝：费率不符合报备要求';
export const SIM_FEE_REFUSAL = '收单机构拒绝：费用档位不符合报备要求';

export interface SimulatedAcquirerOptions {
  /** Time to the final answer; "processing" is reported half way. */
  delayMs: number;
  /** A change whose new value (as decimal text) matches this is refused, so failure can be shown. */
  failPattern: string;
  /** Where the answers go: the same use case a real acquirer's callback reaches. */
  deliver: (result: AcquirerResult) => Promise<void>;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * An acquirer on this machine. It accepts every change at once, reports it as processing half way
 * through the delay and then done, or failed when the new value matches the failure rule (by
 * default a value ending in 99, e.g. a rate of 0.6399%). Answers for one request are delivered
 * in order, one after the other.
 */
export class SimulatedAcquirer implements Acquirer {
  /** Waiting timers and how to wake each early (on close). */
  private readonly timers = new Map<ReturnType<typeof setTimeout>, () => void>();
  private readonly pending = new Set<Promise<void>>();
  private readonly failRule: RegExp | null;
  private closed = false;
  /** While held (tests), answers to changes submitted meanwhile wait; `release` lets them go. */
  private gate: {
    opened: Promise<void>;
    open: () => void;
    expiry: ReturnType<typeof setTimeout>;
  } | null = null;

  constructor(private readonly opts: SimulatedAcquirerOptions) {
    let rule: RegExp | null = null;
    try {
      rule = opts.failPattern ? new RegExp(opts.failPattern) : null;
    } catch {
      opts.log?.error(
        { pattern: opts.failPattern },
        'ACQUIRER_SIM_FAIL_PATTERN is not a valid regular expression',
      );
    }
    this.failRule = rule;
  }

  async submitRateChange(request: RateChangeSubmission): Promise<void> {
    this.answer(request.requestNo, String(request.rate), SIM_RATE_REFUSAL);
  }

  async submitFeeChange(request: FeeChangeSubmission): Promise<void> {
    this.answer(request.requestNo, String(request.feeFen), SIM_FEE_REFUSAL);
  }

  /**
   * Resolves when every answer scheduled so far has been delivered (tests wait on it); while the
   * simulator is held, not before it is released.
   */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /**
   * Holds the answers to changes submitted from now until `release` is called, or at the latest
   * until maxMs have passed (a test that failed before releasing cannot hold them for good), so a
   * test can look at a change while it is still applying, however fast answers are set to come.
   */
  hold(maxMs = 30_000): void {
    if (this.gate) return;
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const expiry = setTimeout(() => this.release(), maxMs);
    expiry.unref();
    this.gate = { opened, open, expiry };
  }

  release(): void {
    if (!this.gate) return;
    clearTimeout(this.gate.expiry);
    this.gate.open();
    this.gate = null;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.release();
    // Wake every waiting step; a closed simulator delivers nothing more.
    for (const [t, wake] of this.timers) {
      clearTimeout(t);
      wake();
    }
    this.timers.clear();
    await Promise.allSettled([...this.pending]);
  }

  private answer(requestNo: string, value: string, refusal: string) {
    if (this.closed) return;
    const fails = this.failRule?.test(value) ?? false;
    const final: AcquirerResult = fails
      ? { requestNo, status: 'failed', reason: refusal }
      : { requestNo, status: 'success' };
    const half = Math.floor(this.opts.delayMs / 2);
    const held = this.gate?.opened ?? Promise.resolve();
    const done = held
      .then(() => (this.closed ? undefined : this.after(half)))
      .then(() => this.deliver({ requestNo, status: 'processing' }))
      .then(() => (this.closed ? undefined : this.after(this.opts.delayMs - half)))
      .then(() => this.deliver(final));
    this.pending.add(done);
    void done.finally(() => this.pending.delete(done));
  }

  private after(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(
        () => {
          this.timers.delete(t);
          resolve();
        },
        Math.max(0, ms),
      );
      this.timers.set(t, resolve);
    });
  }

  private async deliver(result: AcquirerResult) {
    if (this.closed) return;
    try {
      await this.opts.deliver(result);
    } catch (err) {
      // A lost answer leaves the change in flight; the timeout job fails it with a reason.
      this.opts.log?.error(
        { err, requestNo: result.requestNo },
        'simulated acquirer could not deliver a result',
      );
    }
  }
}
