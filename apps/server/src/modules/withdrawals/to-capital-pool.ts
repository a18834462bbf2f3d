import type { CapitalTransferResult, ToCapitalPoolRequest } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries as e } from '../../db/schema';
import { decode, selectOne } from '../../db/typed';
import { badRequest } from '../../lib/app-error';
import { agentAccountId, agentBalances } from '../../db/ledger-accounts';
import { InsufficientBalanceError, postEntry } from '../ledger/post-entry';
import { withPayPassword } from '../../db/pay-password';

const TOO_MUCH = '转入金额不能超过钱包余额';

/** Moves money from an earnings wallet to the capital pool; a repeated key changes nothing. */
export async function toCapitalPool(
  db: Db,
  agentId: number,
  input: ToCapitalPoolRequest,
): Promise<CapitalTransferResult> {
  const idemKey = `capital:${agentId}:${input.idempotencyKey}`;
  const earlier = async () => {
    const entry = await selectOne(
      db,
      {
        id: e.id,
        amount:
          sql`coalesce((SELECT sum(l.amount_fen) FROM ledger_lines l WHERE l.entry_id = ${e.id} AND l.amount_fen > 0), 0)`.mapWith(
            decode.number,
          ),
      },
      sql`FROM ${e} WHERE ${e.idemKey} = ${idemKey}`,
    );
    if (!entry) return null;
    return {
      entryId: entry.id,
      amountFen: entry.amount,
      capitalPoolFen: (await agentBalances(db, agentId)).capital_pool ?? 0,
    };
  };
  const found = await earlier();
  if (found) return found;
  const available = (await agentBalances(db, agentId))[input.fromWalletType] ?? 0;
  if (input.amountFen > available) throw badRequest(TOO_MUCH, 'amountFen');
  // In line per agent: a repeat of this key answers with the first transfer, unchecked.
  const move = async () => {
    try {
      const entryId = await db.transaction(async (tx) => {
        const from = await agentAccountId(tx, agentId, input.fromWalletType);
        const pool = await agentAccountId(tx, agentId, 'capital_pool');
        const posted = await postEntry(tx, {
          idemKey,
          reason: 'transfer_to_capital_pool',
          lines: [
            { accountId: from, amountFen: -input.amountFen, infoType: 'transfer_to_capital_pool' },
            { accountId: pool, amountFen: input.amountFen, infoType: 'transfer_to_capital_pool' },
          ],
        });
        return posted.entryId;
      });
      return {
        entryId,
        amountFen: input.amountFen,
        capitalPoolFen: (await agentBalances(db, agentId)).capital_pool ?? 0,
      };
    } catch (err) {
      if (err instanceof InsufficientBalanceError) throw badRequest(TOO_MUCH, 'amountFen');
      throw err;
    }
  };
  return withPayPassword(db, agentId, input.payPassword, move, earlier);
}
