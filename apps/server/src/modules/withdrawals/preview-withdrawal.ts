import { WITHDRAW_MIN_FEN, withdrawalCharges, type WithdrawPreview } from '@pos/core';
import type { DbOrTx } from '../../db/client';
import { agentBalances } from '../ledger/accounts';

export interface WithdrawRules {
  feeFen: number;
  taxPpm: number;
}

/** What a withdrawal of this amount costs and pays out, and what is available. */
export async function previewWithdrawal(
  db: DbOrTx,
  caller: { agentId: number; topId: number | null },
  input: { walletType: string; amountFen: number },
  rules: WithdrawRules,
): Promise<WithdrawPreview> {
  const balances = await agentBalances(db, caller.agentId, caller.topId);
  const c = withdrawalCharges(input.amountFen, rules.feeFen, rules.taxPpm);
  return {
    walletType: input.walletType,
    ...c,
    availableFen: balances[input.walletType] ?? 0,
    minFen: WITHDRAW_MIN_FEN,
  };
}
