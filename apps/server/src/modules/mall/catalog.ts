import type {
  MallAddress,
  MallAddressInput,
  MallProduct,
  PriceTier,
  SaveMallProductRequest,
} from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db, type DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../lib/app-error';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { audit } from '../admin/audit';
import { num } from '../ledger/accounts';
import { checkProduct } from '../terminals/import-terminals';
import type { Buyer } from './orders';
import { json } from '../../db/convert';

/**
 * The platform's own unallocated terminals of a brand and model (unbound, in no tree, not deleted,
 * not held by a pending operation), as a FROM clause over terminals t.
 */
export const platformStock = (brandId: SQL, model: SQL): SQL =>
  sql`FROM terminals t
       WHERE t.brand_id = ${brandId} AND t.bind_status = 0 AND t.holder_path = '' AND t.model = ${model}
         AND t.holder_agent_id IS NULL AND t.deleted_at IS NULL AND t.pending_operation_id IS NULL`;

/**
 * The platform's terminals of a brand and model that a mall order can still take: its own
 * unallocated stock (unbound, not deleted, not held by a pending operation) less the units that
 * orders not yet shipped (awaiting payment or paid) hold of that model. One statement, so a
 * shipment (which moves terminals out and an order out of the open ones together) never shows
 * half done.
 */
export const platformFree = (brandId: SQL, model: SQL): SQL =>
  sql`((SELECT count(*) ${platformStock(brandId, model)})
      - (SELECT coalesce(sum(oi.quantity), 0) FROM mall_order_items oi
           JOIN mall_orders oo ON oo.id = oi.order_id AND oo.status IN (0, 1)
           JOIN mall_products op ON op.id = oi.product_id
          WHERE op.brand_id = ${brandId} AND op.model = ${model}))`;

/** Serialises the orders and product edits that reserve units of one brand and model. */
export async function lockModel(tx: DbOrTx, brandId: number, model: string) {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`mall_model:${brandId}:${model}`}, 0))`,
  );
}

/** The units of a model the platform can still sell (never below 0). */
export async function freeOfModel(tx: DbOrTx, brandId: number, model: string) {
  const [r] = await rows<{ n: unknown }>(
    tx,
    sql`SELECT ${platformFree(sql`${brandId}`, sql`${model}`)} AS n`,
  );
  return Math.max(0, num(r!.n));
}

const PRODUCT_COLUMNS = sql`p.id, p.brand_id, b.name AS brand_name, p.model, p.name, p.description,
  p.image_url, p.price_tiers, p.stock AS reserved, p.on_sale,
  greatest(0, ${platformFree(sql`p.brand_id`, sql`p.model`)}) AS platform_free`;

const toProduct = (r: Record<string, unknown>): MallProduct => ({
  id: num(r.id),
  brandId: num(r.brand_id),
  brandName: String(r.brand_name),
  model: String(r.model),
  name: String(r.name),
  description: String(r.description ?? ''),
  imageUrl: (r.image_url as string | null) ?? null,
  priceTiers: json<PriceTier[]>(r.price_tiers),
  stock: Math.min(num(r.reserved), num(r.platform_free)),
  onSale: Boolean(r.on_sale),
});

/** A product as operators see it: also its reservation as set and the platform's free units. */
const toAdminProduct = (r: Record<string, unknown>): MallProduct => ({
  ...toProduct(r),
  reserved: num(r.reserved),
  platformFree: num(r.platform_free),
});

/** Products on sale (agents), or every product (operators), by brand then sort order. */
export async function listProducts(
  db: DbOrTx,
  opts: { all?: boolean } = {},
): Promise<MallProduct[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${PRODUCT_COLUMNS} FROM mall_products p JOIN brands b ON b.id = p.brand_id
        ${opts.all ? sql`` : sql`WHERE p.on_sale`}
        ORDER BY b.sort, p.sort, p.id`,
  );
  return found.map(opts.all ? toAdminProduct : toProduct);
}

export async function getProduct(db: DbOrTx, id: number, opts: { all?: boolean } = {}) {
  const [p] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${PRODUCT_COLUMNS} FROM mall_products p JOIN brands b ON b.id = p.brand_id
        WHERE p.id = ${id} ${opts.all ? sql`` : sql`AND p.on_sale`}`,
  );
  if (!p) throw notFound('商品不存在或已下架');
  return opts.all ? toAdminProduct(p) : toProduct(p);
}

/**
 * An operator creates or edits a product: a brand's model with price tiers (the first from 1
 * unit, starts rising), stock and whether it is on sale. The stock is a reservation out of the
 * platform's unallocated terminals of that brand and model and never more than those not held by
 * open orders (checked under the model's lock, which orders take too). Audited with the product
 * before.
 */
export async function saveProduct(db: Db, op: OperatorCaller, input: SaveMallProductRequest) {
  const tiers = [...input.priceTiers].sort((a, b) => a.minQty - b.minQty);
  if (tiers[0]!.minQty !== 1) throw badRequest('第一档须从1台起', 'priceTiers');
  if (new Set(tiers.map((t) => t.minQty)).size !== tiers.length)
    throw badRequest('起订数量不能重复', 'priceTiers');
  await checkProduct(db, input.brandId, input.model);
  return db.transaction(async (tx) => {
    const before = input.id ? await getProduct(tx, input.id, { all: true }) : null;
    await lockModel(tx, input.brandId, input.model);
    const free = await freeOfModel(tx, input.brandId, input.model);
    if (input.stock > free)
      throw badRequest(
        `库存不能超过平台未分配的该型号终端数：${input.model} 现有 ${free} 台可售`,
        'stock',
      );
    const values = sql`${input.brandId}, ${input.model}, ${input.name}, ${input.description ?? ''},
      ${input.imageUrl ?? null}, ${JSON.stringify(tiers)}::jsonb, ${input.stock}, ${input.onSale}, ${input.sort ?? 0}`;
    const [saved] = await rows<{ id: unknown }>(
      tx,
      input.id
        ? sql`UPDATE mall_products SET (brand_id, model, name, description, image_url, price_tiers, stock, on_sale, sort)
                = (${values}), updated_at = now() WHERE id = ${input.id} RETURNING id`
        : sql`INSERT INTO mall_products (brand_id, model, name, description, image_url, price_tiers, stock, on_sale, sort)
              VALUES (${values}) RETURNING id`,
    );
    await audit(tx, op, {
      action: input.id ? 'mall_product.update' : 'mall_product.create',
      targetType: 'mall_product',
      targetId: num(saved!.id),
      before,
      after: { ...input, priceTiers: tiers },
    });
    return { id: num(saved!.id) };
  });
}

// ---------------------------------------------------------------------------------------------
// Addresses: each agent's own; another agent's is simply not there
// ---------------------------------------------------------------------------------------------

const toAddress = (r: Record<string, unknown>): MallAddress => ({
  id: num(r.id),
  name: String(r.name),
  mobile: String(r.mobile),
  province: String(r.province),
  city: String(r.city),
  district: String(r.district),
  detail: String(r.detail),
  isDefault: Boolean(r.is_default),
});

/**
 * The buyer's addresses (`ma`) reached through its agent row in its tree (decision 020): the
 * join that places them on the tree's shard; nothing without a tree.
 */
const ownerInTree = (buyer: Buyer): SQL =>
  buyer.topId === null
    ? sql``
    : sql`JOIN agents buyer ON buyer.id = ma.agent_id AND buyer.top_id = ${buyer.topId}`;

export async function listAddresses(db: DbOrTx, buyer: Buyer): Promise<MallAddress[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ma.* FROM mall_addresses ma ${ownerInTree(buyer)}
         WHERE ma.agent_id = ${buyer.agentId} ORDER BY ma.is_default DESC, ma.id DESC`,
  );
  return found.map(toAddress);
}

/** Saves an address (the first one, or one marked default, becomes the only default). */
export async function saveAddress(db: Db, buyer: Buyer, input: MallAddressInput) {
  const agentId = buyer.agentId;
  // An UPDATE reaches the buyer's agent row the same way, in its tree.
  const using =
    buyer.topId === null
      ? { from: sql``, where: sql`` }
      : {
          from: sql` FROM agents buyer`,
          where: sql` AND buyer.id = ma.agent_id AND buyer.top_id = ${buyer.topId}`,
        };
  return db.transaction(async (tx) => {
    const [count] = await rows<{ n: unknown }>(
      tx,
      sql`SELECT count(*) AS n FROM mall_addresses ma ${ownerInTree(buyer)} WHERE ma.agent_id = ${agentId}`,
    );
    if (!input.id && num(count!.n) >= 20) throw badRequest('收货地址最多20个', 'id');
    const isDefault = input.isDefault || num(count!.n) === 0;
    if (isDefault)
      await tx.execute(
        sql`UPDATE mall_addresses ma SET is_default = false${using.from}
             WHERE ma.agent_id = ${agentId}${using.where}`,
      );
    const [saved] = await rows<Record<string, unknown>>(
      tx,
      input.id
        ? sql`UPDATE mall_addresses ma SET name = ${input.name}, mobile = ${input.mobile}, province = ${input.province},
                city = ${input.city}, district = ${input.district}, detail = ${input.detail},
                is_default = ${isDefault} OR ma.is_default, updated_at = now()${using.from}
              WHERE ma.id = ${input.id} AND ma.agent_id = ${agentId}${using.where} RETURNING ma.*`
        : sql`INSERT INTO mall_addresses (agent_id, name, mobile, province, city, district, detail, is_default)
              VALUES (${agentId}, ${input.name}, ${input.mobile}, ${input.province}, ${input.city},
                      ${input.district}, ${input.detail}, ${isDefault})
              RETURNING *`,
    );
    if (!saved) throw notFound('收货地址不存在');
    return toAddress(saved);
  });
}

export async function deleteAddress(db: Db, agentId: number, id: number) {
  const [gone] = await rows(
    db,
    sql`DELETE FROM mall_addresses WHERE id = ${id} AND agent_id = ${agentId} RETURNING id`,
  );
  if (!gone) throw notFound('收货地址不存在');
}
