import { checkProductPolicy, type CreateProductPolicyRequest } from '@pos/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, policyRates, productPolicies } from '../../db/schema';
import { badRequest } from '../../lib/app-error';

/**
 * An operator defines a brand's product policy: rates per rate type (standard merchant rate,
 * allowed range, acquirer cost), activation threshold and window, standard months, and the
 * service-fee and communication-fee options.
 */
export async function createProductPolicy(
  db: Db,
  input: CreateProductPolicyRequest,
): Promise<{ id: number }> {
  const [brand] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(eq(brands.id, input.brandId));
  if (!brand) throw badRequest('品牌不存在', 'brandId');
  const first = checkProductPolicy(input)[0];
  if (first) throw badRequest(first.message, first.field);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(productPolicies)
      .values({
        brandId: input.brandId,
        name: input.name,
        activationThresholdFen: input.activationThresholdFen,
        activationWindowDays: input.activationWindowDays,
        standardMonths: input.standardMonths,
        serviceFeeOptionsFen: input.serviceFeeOptionsFen,
        commFeeOptionsFen: input.commFeeOptionsFen,
      })
      .returning({ id: productPolicies.id });
    const id = row!.id;
    await tx.insert(policyRates).values(input.rates.map((r) => ({ policyId: id, ...r })));
    return { id };
  });
}
