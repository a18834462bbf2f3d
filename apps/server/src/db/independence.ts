import { inArray } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { operators } from './schema';
import { badRequest, notFound } from '../lib/app-error';

/**
 * Whether two operators are two people for a four-eyes step. They are not when one is the other,
 * when one proposed the other's creation (`created_by`), or when one received the other's
 * temporary password (`issued_by`: the super admin that approved its creation or TOTP reset, who
 * could have signed in as it first). A maker and its checker, the proposer and the decider of an
 * operator change, and the uploader and the publisher of a hot update must be independent.
 */
export async function assertIndependent(
  tx: DbOrTx,
  firstId: number,
  secondId: number,
  refusal: { msg: string; field: string; code: string },
) {
  if (firstId === secondId) throw badRequest(refusal.msg, refusal.field, refusal.code);
  const people = await tx
    .select({ id: operators.id, createdBy: operators.createdBy, issuedBy: operators.issuedBy })
    .from(operators)
    .where(inArray(operators.id, [firstId, secondId]));
  const first = people.find((p) => p.id === firstId);
  const second = people.find((p) => p.id === secondId);
  if (!first || !second) throw notFound('操作员不存在');
  const holds = (a: typeof first, b: typeof first) => b.createdBy === a.id || b.issuedBy === a.id;
  if (holds(first, second) || holds(second, first)) {
    throw badRequest(refusal.msg, refusal.field, refusal.code);
  }
}
