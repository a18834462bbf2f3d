/** Where approved withdrawals are paid to bank cards; a real bank's payout API implements it. */
export interface PayoutBank {
  pay(input: {
    withdrawalId: number;
    netFen: number;
    holderName: string;
    cardNo: string;
  }): Promise<{ ok: true; ref: string } | { ok: false; reason: string }>;
}

/** The built-in simulator: pays everything, except a net amount ending in 99 fen, which bounces. */
export class SimulatedPayoutBank implements PayoutBank {
  async pay(input: { withdrawalId: number; netFen: number }) {
    if (input.netFen % 100 === 99) return { ok: false as const, reason: '银行退票（模拟）' };
    return { ok: true as const, ref: `SIM${String(input.withdrawalId).padStart(10, '0')}` };
  }
}
