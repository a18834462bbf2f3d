import {
  maskAlipayAccount,
  maskBankCard,
  type AddSettleInput,
  type SettleAccount,
} from '@pos/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents, settleAccounts } from '../../db/schema';
import { badRequest, conflict } from '../../lib/app-error';
import type { Cipher } from '../../lib/crypto';
import { verifiedRealName } from '../identity/get-identity-status';
import type { IdentityVerifier } from '../../providers/identity/identity-verifier';
import { toSettleAccount } from './settle-account-row';

/**
 * Binds (mode 'add') or replaces (mode 'edit') the agent's own bank card or Alipay account (its
 * account type, decision 027). The holder must be the verified real name, and a card must be the
 * holder's by the verifier's bank-card check (name, ID number and card; an Alipay account's name
 * is checked by Alipay at each transfer); the number is stored encrypted and shown masked. A
 * replaced account stays on file (deleted) because past withdrawals name it.
 */
export async function saveOwnAccount(
  deps: { db: Db; cipher: Cipher; verifier?: IdentityVerifier },
  agentId: number,
  input: AddSettleInput,
  mode: 'add' | 'edit',
): Promise<SettleAccount> {
  const realName = await verifiedRealName(deps.db, agentId);
  if (!realName) throw badRequest('请先完成实名认证', 'holderName', 'REAL_NAME_REQUIRED');
  if (input.holderName !== realName)
    throw badRequest('持卡人姓名须与实名认证姓名一致', 'holderName');
  if (deps.verifier && input.accountType === 'bank') {
    const [me] = await deps.db
      .select({ idCardEnc: agents.idCardEnc })
      .from(agents)
      .where(eq(agents.id, agentId));
    if (me?.idCardEnc) {
      const outcome = await deps.verifier.verifyBankCard({
        realName,
        idCard: deps.cipher.decrypt(me.idCardEnc),
        cardNo: input.cardNo,
      });
      if (!outcome.ok) throw badRequest(outcome.reason, 'cardNo', 'BANK_CARD_MISMATCH');
    }
  }
  return deps.db.transaction(async (tx) => {
    const [me] = await tx
      .select({ topId: agents.topId })
      .from(agents)
      .where(eq(agents.id, agentId))
      .for('update');
    const [existing] = await tx
      .select({ id: settleAccounts.id })
      .from(settleAccounts)
      .where(
        and(
          eq(settleAccounts.agentId, agentId),
          eq(settleAccounts.kind, 'own'),
          isNull(settleAccounts.deletedAt),
        ),
      );
    if (existing && mode === 'add') throw conflict('已绑定结算银行卡，如需更换请修改', 'cardNo');
    if (existing)
      await tx
        .update(settleAccounts)
        .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(settleAccounts.id, existing.id));
    const [row] = await tx
      .insert(settleAccounts)
      .values({
        agentId,
        topId: me?.topId ?? null,
        kind: 'own',
        accountType: input.accountType,
        holderName: input.holderName,
        bankName: input.bankName,
        cardEnc: deps.cipher.encrypt(input.cardNo),
        cardMasked:
          input.accountType === 'alipay'
            ? maskAlipayAccount(input.cardNo)
            : maskBankCard(input.cardNo),
      })
      .returning();
    return toSettleAccount(row!);
  });
}
