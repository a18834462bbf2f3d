import { sql } from 'drizzle-orm';
import { num } from './ledger-accounts';
import { awardActivationPoints } from '../modules/mall/rules';
import { rows, type Db } from './client';
import type { AgentRow } from './schema';

/**
 * The demo mall: two 联迪 models on sale (the platform's demo stock LD00005001-5200 holds both,
 * so their orders can be shipped), a default delivery address and a free-claim quota of 5 for the
 * top agent, and the points its activated terminals earned under the mall's rule. Keyed on the
 * first product: when it exists, nothing is written.
 */
export async function seedMall(db: Db, accounts: { top: AgentRow }) {
  const [exists] = await rows(db, sql`SELECT 1 FROM mall_products LIMIT 1`);
  if (exists) return;
  const { top } = accounts;
  const [brand] = await rows<{ id: unknown }>(db, sql`SELECT id FROM brands WHERE name = '联迪'`);
  if (!brand) return;
  const brandId = num(brand.id);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO mall_products (brand_id, model, name, description, image_url, price_tiers, stock, on_sale, sort)
      VALUES
        (${brandId}, 'A8', '联迪 A8 智能POS',
         '安卓智能大POS，支持刷卡、插卡、闪付与扫码，内置打印机。适合商超、餐饮门店。',
         '/static/products/smart-pos.svg',
         '[{"minQty":1,"unitPriceFen":19900},{"minQty":10,"unitPriceFen":17900},{"minQty":50,"unitPriceFen":15900}]'::jsonb,
         100, true, 1),
        (${brandId}, 'E350', '联迪 E350 电签',
         '轻巧电签POS，蓝牙连接手机，支持闪付与扫码。适合个体商户与流动摊位。',
         '/static/products/card-pos.svg',
         '[{"minQty":1,"unitPriceFen":9900},{"minQty":10,"unitPriceFen":8900}]'::jsonb,
         100, true, 2)`);
    await tx.execute(sql`
      INSERT INTO mall_addresses (agent_id, name, mobile, province, city, district, detail, is_default)
      VALUES (${top.id}, ${top.name}, ${top.mobile}, '福建省', '厦门市', '思明区', '软件园二期观日路 18 号', true)`);
    await tx.execute(sql`
      INSERT INTO mall_free_quotas (agent_id, top_id, granted, used)
      VALUES (${top.id}, ${top.topId ?? top.id}, 5, 0)`);
  });
  // Points for the activations the demo already holds, under the same rule as the activation job.
  const activated = await rows<{ id: unknown; sn: string }>(
    db,
    sql`SELECT t.id, t.sn FROM terminals t JOIN merchants m ON m.id = t.merchant_id
         WHERE m.agent_id = ${top.id} AND t.activated_at IS NOT NULL ORDER BY t.id LIMIT 30`,
  );
  for (const t of activated) {
    await awardActivationPoints(db, { agentId: top.id, terminalId: num(t.id), sn: t.sn });
  }
}
