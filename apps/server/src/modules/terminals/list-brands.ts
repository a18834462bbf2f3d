import type { TerminalBrand, TerminalPolicyOption } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { num } from './scope';

export async function listBrands(db: DbOrTx): Promise<TerminalBrand[]> {
  const found = await rows<{ id: unknown; name: string; models: string[] | string | null }>(
    db,
    sql`SELECT id, name, models FROM brands ORDER BY sort, id`,
  );
  return found.map((b) => ({ id: num(b.id), name: b.name, models: readModels(b.models) }));
}

/** text[] comes back as an array from both drivers; a literal '{a,b}' is read as a fallback. */
function readModels(v: string[] | string | null): string[] {
  if (Array.isArray(v)) return v;
  if (!v) return [];
  return v
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean)
    .map((m) => m.replace(/^"|"$/g, ''));
}

export async function listPolicyOptions(
  db: DbOrTx,
  brandId?: number,
): Promise<TerminalPolicyOption[]> {
  const found = await rows<{ id: unknown; brand_id: unknown; name: string }>(
    db,
    sql`SELECT id, brand_id, name FROM policies ${brandId === undefined ? sql`` : sql`WHERE brand_id = ${brandId}`}
        ORDER BY brand_id, id`,
  );
  return found.map((p) => ({ id: num(p.id), brandId: num(p.brand_id), name: p.name }));
}

/** A brand with its models, for the operators' forms; null when there is none. */
export async function findBrand(db: DbOrTx, brandId: number): Promise<TerminalBrand | null> {
  return (await listBrands(db)).find((b) => b.id === brandId) ?? null;
}
