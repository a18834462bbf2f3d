import { ORDER_PAY_TYPE } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { andInTree } from '../../db/tree';
import { agentAccountId, platformAccountId, PLATFORM_ACCOUNTS } from '../../db/ledger-accounts';
import { postEntry } from '../ledger/post-entry';
import type { Buyer } from './order-row';

/**
 * The ledger accounts a pay type moves money between: who pays, who is paid. Goods balance: the
 * agent's capital pool to the platform's capital clearing; points: the agent's points back to
 * the platform's points account; WeChat/Alipay: the gateway's money into capital clearing.
 */
async function payAccounts(tx: DbOrTx, payType: number, agentId: number) {
  switch (payType) {
    case ORDER_PAY_TYPE.GOODS_BALANCE:
      return {
        payer: await agentAccountId(tx, agentId, 'capital_pool'),
        payee: await platformAccountId(tx, PLATFORM_ACCOUNTS.capitalClearing),
      };
    case ORDER_PAY_TYPE.POINTS:
      return {
        payer: await agentAccountId(tx, agentId, 'points'),
        payee: await platformAccountId(tx, PLATFORM_ACCOUNTS.pointsIssued),
      };
    default:
      return {
        payer: await platformAccountId(tx, PLATFORM_ACCOUNTS.mallGateway),
        payee: await platformAccountId(tx, PLATFORM_ACCOUNTS.capitalClearing),
      };
  }
}

/** Posts a payment (or, with refund, its reverse) of an order between the pay type's accounts. */
export async function postOrderMoney(
  tx: DbOrTx,
  o: { id: number; orderNo: string; agentId: number; payType: number; amountFen: number },
  idemKey: string,
  refund = false,
) {
  const { payer, payee } = await payAccounts(tx, o.payType, o.agentId);
  const sign = refund ? -1 : 1;
  const infoType = refund ? 'mall_refund' : 'mall_purchase';
  return postEntry(tx, {
    idemKey,
    reason: infoType,
    memo: o.orderNo,
    lines: [
      {
        accountId: payer,
        amountFen: -sign * o.amountFen,
        infoType,
        detail: { orderNo: o.orderNo },
      },
      { accountId: payee, amountFen: sign * o.amountFen, infoType, detail: { orderNo: o.orderNo } },
    ],
  });
}

/** Gateway payments of an order still open at the gateway are closed (the order no longer needs them). */
export async function closeOpenPayments(
  tx: DbOrTx,
  orderId: number,
  now: Date,
  tree: Pick<Buyer, 'topId'> = { topId: null },
) {
  await tx.execute(
    sql`UPDATE mall_payments SET status = 4, updated_at = ${now}
         WHERE order_id = ${orderId}${andInTree(sql`top_id`, tree)} AND status = 0`,
  );
}
