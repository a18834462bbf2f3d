import { WITHDRAW_MIN_FEN, formatMoney, type Withdrawal } from '@pos/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents, settleAccounts, withdrawals } from '../../db/schema';
import { badRequest, conflict } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { verifiedRealName } from '../identity/get-identity-status';
import {
  PLATFORM_ACCOUNTS,
  agentAccountId,
  agentBalances,
  platformAccountId,
} from '../../db/ledger-accounts';
import { InsufficientBalanceError, postEntry } from '../ledger/post-entry';
import { withPayPassword } from '../../db/pay-password';
import {
  partsThrough,
  taxChannelFor,
  taxTermsKeyOf,
  type FrozenTax,
  type WithdrawRules,
} from './tax-channels';
import { freezeLines, toWithdrawal } from '../../db/withdrawal-row';

export interface ApplyWithdrawalInput {
  walletType: 'profit' | 'reward';
  amountFen: number;
  accountId: number;
  payPassword: string;
  idempotencyKey: string;
  /** The preview's taxTermsKey, when the client sends what the agent confirmed. */
  taxTermsKey?: string;
}

async function findByKey(db: Db, agentId: number, key: string) {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.agentId, agentId), eq(withdrawals.idemKey, key)));
  return row ? toWithdrawal(row) : null;
}

const TOO_MUCH = '提现金额不能超过可提现余额';

/**
 * Requests a withdrawal: the amount is frozen at once by a ledger posting from the wallet to the
 * agent's frozen wallet, in the same transaction as the withdrawal row, so concurrent requests
 * can never take more than the balance (the wallet's CHECK refuses the second). A repeated
 * idempotency key returns the first withdrawal and changes nothing.
 */
export async function applyWithdrawal(
  db: Db,
  caller: Caller,
  input: ApplyWithdrawalInput,
  rules: WithdrawRules,
): Promise<Withdrawal> {
  const agentId = caller.agentId;
  const earlier = await findByKey(db, agentId, input.idempotencyKey);
  if (earlier) return earlier;

  if (input.amountFen < WITHDRAW_MIN_FEN)
    throw badRequest(`提现金额不能低于${formatMoney(WITHDRAW_MIN_FEN)}元`, 'amountFen');
  // The parts are those of the wallet's channel now, as the preview showed them, and stay so.
  const channel = await taxChannelFor(db, input.walletType, rules);
  if (input.taxTermsKey !== undefined && input.taxTermsKey !== taxTermsKeyOf(channel))
    throw conflict('提现费用已调整，请重新确认', 'taxTermsKey');
  const charges = partsThrough(channel, input.amountFen);
  if (!charges.covered) throw badRequest('提现金额不足以支付手续费和税费', 'amountFen');
  if (!(await verifiedRealName(db, agentId)))
    throw badRequest('请先完成实名认证', 'realName', 'REAL_NAME_REQUIRED');
  const [account] = await db
    .select()
    .from(settleAccounts)
    .where(
      and(
        eq(settleAccounts.id, input.accountId),
        eq(settleAccounts.agentId, agentId),
        isNull(settleAccounts.deletedAt),
      ),
    );
  if (!account) throw badRequest('请选择已绑定的结算银行卡', 'accountId', 'CARD_REQUIRED');
  const available = (await agentBalances(db, agentId))[input.walletType] ?? 0;
  if (input.amountFen > available) throw badRequest(TOO_MUCH, 'amountFen');
  // In line per agent: a repeat of this key that waited behind the first is answered with the
  // first withdrawal, its pay password not compared again.
  return withPayPassword(
    db,
    agentId,
    input.payPassword,
    () => freeze(db, agentId, input, account, charges),
    () => findByKey(db, agentId, input.idempotencyKey),
  );
}

async function freeze(
  db: Db,
  agentId: number,
  input: ApplyWithdrawalInput,
  account: typeof settleAccounts.$inferSelect,
  charges: FrozenTax,
): Promise<Withdrawal> {
  try {
    return await db.transaction(async (tx) => {
      const [me] = await tx
        .select({ path: agents.path, topId: agents.topId })
        .from(agents)
        .where(eq(agents.id, agentId));
      const walletId = await agentAccountId(tx, agentId, input.walletType);
      const frozenId = await agentAccountId(tx, agentId, 'frozen');
      const clearingId = await platformAccountId(tx, PLATFORM_ACCOUNTS.withdrawalClearing);
      const posted = await postEntry(tx, {
        idemKey: `withdraw:${agentId}:${input.idempotencyKey}`,
        reason: 'withdrawal',
        memo: `提现 ${account.cardMasked}`,
        lines: freezeLines(charges, { walletId, frozenId, clearingId }),
      });
      if (!posted.created) throw new DuplicateKey();
      const [row] = await tx
        .insert(withdrawals)
        .values({
          agentId,
          agentPath: me!.path,
          topId: me!.topId,
          idemKey: input.idempotencyKey,
          walletType: input.walletType,
          amountFen: charges.amountFen,
          feeFen: charges.feeFen,
          taxFen: charges.taxFen,
          netFen: charges.netFen,
          vatFen: charges.vatFen,
          pitFen: charges.pitFen,
          taxChannelId: charges.taxChannelId,
          taxChannelVersion: charges.taxChannelVersion,
          taxChannelName: charges.taxChannelName,
          taxAt: charges.taxAt,
          vatPpm: charges.vatPpm,
          pitPpm: charges.pitPpm,
          accountId: account.id,
          holderName: account.holderName,
          bankName: account.bankName,
          cardMasked: account.cardMasked,
          freezeEntryId: posted.entryId,
        })
        .returning();
      return toWithdrawal(row!);
    });
  } catch (err) {
    if (err instanceof InsufficientBalanceError)
      throw badRequest(TOO_MUCH, 'amountFen', 'INSUFFICIENT_BALANCE');
    // The same key raced in parallel: the other request's withdrawal is the answer.
    const again = await findByKey(db, agentId, input.idempotencyKey);
    if (again) return again;
    throw err;
  }
}

class DuplicateKey extends Error {}
