import { WITHDRAW_MIN_FEN, type WithdrawPreview } from '@pos/core';
import type { Db } from '../../db/client';
import { agentBalances } from '../../db/ledger-accounts';
import { partsThrough, taxChannelFor, taxTermsKeyOf, type WithdrawRules } from './tax-channels';

export type { WithdrawRules } from './tax-channels';

/**
 * What a withdrawal of this amount costs and pays out through its wallet's tax channel (fee, VAT,
 * PIT, net: the parts a request made now freezes), and what is available.
 */
export async function previewWithdrawal(
  db: Db,
  caller: { agentId: number; topId: number | null },
  input: { walletType: string; amountFen: number },
  rules: WithdrawRules,
): Promise<WithdrawPreview> {
  const balances = await agentBalances(db, caller.agentId, caller.topId);
  const channel = await taxChannelFor(db, input.walletType, rules);
  const {
    covered: _covered,
    taxChannelId: _id,
    taxChannelVersion: _v,
    ...parts
  } = partsThrough(channel, input.amountFen);
  return {
    walletType: input.walletType,
    ...parts,
    taxTermsKey: taxTermsKeyOf(channel),
    availableFen: balances[input.walletType] ?? 0,
    minFen: WITHDRAW_MIN_FEN,
  };
}
