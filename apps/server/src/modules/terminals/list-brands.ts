import type { TerminalBrand, TerminalPolicyOption } from '@pos/core';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brands, policies } from '../../db/schema';

/** The brands with their models (text[], read as an array from either driver by the schema). */
export async function listBrands(db: DbOrTx): Promise<TerminalBrand[]> {
  return db
    .select({ id: brands.id, name: brands.name, models: brands.models })
    .from(brands)
    .orderBy(asc(brands.sort), asc(brands.id));
}

export async function listPolicyOptions(
  db: DbOrTx,
  brandId?: number,
): Promise<TerminalPolicyOption[]> {
  return db
    .select({ id: policies.id, brandId: policies.brandId, name: policies.name })
    .from(policies)
    .where(brandId === undefined ? undefined : eq(policies.brandId, brandId))
    .orderBy(asc(policies.brandId), asc(policies.id));
}

/** A brand with its models, for the operators' forms; null when there is none. */
export async function findBrand(db: DbOrTx, brandId: number): Promise<TerminalBrand | null> {
  return (await listBrands(db)).find((b) => b.id === brandId) ?? null;
}
