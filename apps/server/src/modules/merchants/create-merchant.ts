import type { NewMerchantInput } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { merchants } from '../../db/schema';
import { selectOne } from '../../db/typed';
import { addNewMerchantFigure } from '../stats/add-new-merchant-figure';

export interface MerchantOwner {
  id: number;
  path: string;
  topId: number;
}

/**
 * Signs up a merchant under its direct agent. The merchant number is 'M' plus the id drawn
 * first, so it is unique and readable over the phone. The agent's new-merchant figure of the day
 * goes up with it, in the caller's transaction (core's FIGURES.newMerchants).
 */
export async function createMerchant(
  db: DbOrTx,
  owner: MerchantOwner,
  input: NewMerchantInput,
  now: Date = new Date(),
): Promise<{ id: number; merchantNo: string }> {
  const next = await selectOne(
    db,
    { id: sql`nextval(pg_get_serial_sequence('merchants', 'id'))`.mapWith(merchants.id) },
    sql``,
  );
  const id = next!.id;
  const merchantNo = `M${String(id).padStart(11, '0')}`;
  await db.execute(
    sql`INSERT INTO merchants (id, merchant_no, name, legal_name, mobile, address, agent_id, agent_path, top_id,
          created_at, updated_at)
        VALUES (${id}, ${merchantNo}, ${input.name}, ${input.legalName}, ${input.mobile}, ${input.address ?? ''},
          ${owner.id}, ${owner.path}, ${owner.topId}, ${now}, ${now})`,
  );
  await addNewMerchantFigure(db, { agentId: owner.id, topId: owner.topId, createdAt: now });
  return { id, merchantNo };
}
