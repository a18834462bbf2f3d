import {
  maskAlipayAccount,
  maskBankCard,
  type AddOtherSettleInput,
  type SettleAccount,
} from '@pos/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents, settleAccounts } from '../../db/schema';
import type { Cipher } from '../../lib/crypto';
import { markSmsCodeUsed, verifySmsCode } from '../../db/sms-codes';
import { toSettleAccount } from './settle-account-row';

/** Adds an account held by someone else, confirmed by the code sent to that holder's mobile. */
export async function addOtherAccount(
  deps: { db: Db; cipher: Cipher },
  agentId: number,
  input: AddOtherSettleInput,
): Promise<SettleAccount> {
  const codeId = await verifySmsCode(deps.db, {
    mobile: input.mobile,
    scene: 'settle',
    code: input.smsCode,
  });
  return deps.db.transaction(async (tx) => {
    await markSmsCodeUsed(tx, codeId);
    const [me] = await tx
      .select({ topId: agents.topId })
      .from(agents)
      .where(eq(agents.id, agentId));
    const [row] = await tx
      .insert(settleAccounts)
      .values({
        agentId,
        topId: me?.topId ?? null,
        kind: 'other',
        accountType: input.accountType,
        holderName: input.holderName,
        bankName: input.bankName,
        cardEnc: deps.cipher.encrypt(input.cardNo),
        cardMasked:
          input.accountType === 'alipay'
            ? maskAlipayAccount(input.cardNo)
            : maskBankCard(input.cardNo),
        mobile: input.mobile,
      })
      .returning();
    return toSettleAccount(row!);
  });
}
