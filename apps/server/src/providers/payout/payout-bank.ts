import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { alipayClient } from '../payments/alipay/alipay-client';
import { AlipayPayout } from './alipay-payout';

/** What a settlement account is: a bank card, or an Alipay account (its login id). */
export type PayoutAccountType = 'bank' | 'alipay';

export interface PayoutRequest {
  withdrawalId: number;
  /**
   * The payout's own number, new for every attempt (a failed payout retried from the console is
   * frozen anew and gets a new one): the provider's idempotency key, so one attempt is paid once.
   */
  payoutNo: string;
  netFen: number;
  holderName: string;
  accountType: PayoutAccountType;
  /** The card number or the Alipay login id (decrypted). */
  account: string;
}

/**
 * A payout's outcome: paid (money at the payee), failed (final: nothing was paid and the money
 * returns to the wallet), pending (sent, the outcome not final yet: asked again later with
 * status()), or refused (not sent at all: the withdrawal stays approved, the reason says why).
 */
export type PayoutResult =
  | { state: 'paid'; ref: string }
  | { state: 'failed'; reason: string }
  | { state: 'pending'; ref: string; reason: string }
  | { state: 'refused'; reason: string };

/** Where approved withdrawals are paid: a bank's payout API, Alipay transfers, or the simulator. */
export interface PayoutBank {
  /** True for the built-in simulator: no real money moves. */
  readonly simulated: boolean;
  pay(input: PayoutRequest): Promise<PayoutResult>;
  /**
   * The outcome of a payout sent before whose outcome was not final; 'unsent' when the provider
   * never received it (it may be sent again with the same payout number).
   */
  status?(input: PayoutRequest): Promise<PayoutResult | { state: 'unsent' }>;
}

/** The built-in simulator: pays everything, except a net amount ending in 99 fen, which bounces. */
export class SimulatedPayoutBank implements PayoutBank {
  readonly simulated = true;
  async pay(input: { withdrawalId: number; netFen: number }): Promise<PayoutResult> {
    if (input.netFen % 100 === 99) return { state: 'failed', reason: '银行退票（模拟）' };
    return { state: 'paid', ref: `SIM${String(input.withdrawalId).padStart(10, '0')}` };
  }
}

const registry = new WeakMap<Db, PayoutBank>();

/**
 * The payout adapter of an app (kept per database): what PAYOUT chose, the simulator or Alipay
 * (transfers with the ALIPAY_* application), or null when payouts are off.
 */
export function payoutBankFor(app: FastifyInstance): PayoutBank | null {
  let bank = registry.get(app.db);
  if (bank) return bank;
  const choice = app.config.payout;
  if (choice === 'disabled') return null;
  if (choice === 'simulated') bank = new SimulatedPayoutBank();
  else if (choice === 'alipay') bank = new AlipayPayout(alipayClient(app.config.alipay));
  else throw new Error(`no ${String(choice)} payout adapter is built into this server`);
  registry.set(app.db, bank);
  return bank;
}
