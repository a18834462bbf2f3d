import type { MallAddress, MallAddressInput, MallProduct, SaveMallProductRequest } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { brands, mallAddresses, mallProducts } from '../../db/schema';
import { decode, select, selectOne, type RowOf } from '../../db/typed';
import { badRequest, notFound } from '../../lib/app-error';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { audit } from '../../db/audit';
import { checkProduct } from '../terminals/import-terminals';
import type { Buyer } from './order-row';

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
  const r = await selectOne(
    tx,
    { n: sql`${platformFree(sql`${brandId}`, sql`${model}`)}`.mapWith(decode.number) },
    sql``,
  );
  return Math.max(0, r!.n);
}

const p = alias(mallProducts, 'p');
const b = alias(brands, 'b');
const PRODUCT = {
  id: p.id,
  brandId: p.brandId,
  brandName: b.name,
  model: p.model,
  name: p.name,
  description: p.description,
  imageUrl: p.imageUrl,
  priceTiers: p.priceTiers,
  reserved: p.stock,
  onSale: p.onSale,
  platformFree: sql`greatest(0, ${platformFree(sql`${p.brandId}`, sql`${p.model}`)})`.mapWith(
    decode.number,
  ),
};
type ProductRow = RowOf<typeof PRODUCT>;

const toProduct = (r: ProductRow): MallProduct => ({
  id: r.id,
  brandId: r.brandId,
  brandName: r.brandName,
  model: r.model,
  name: r.name,
  description: r.description,
  imageUrl: r.imageUrl,
  priceTiers: r.priceTiers,
  stock: Math.min(r.reserved, r.platformFree),
  onSale: r.onSale,
});

/** A product as operators see it: also its reservation as set and the platform's free units. */
const toAdminProduct = (r: ProductRow): MallProduct => ({
  ...toProduct(r),
  reserved: r.reserved,
  platformFree: r.platformFree,
});

/** Products on sale (agents), or every product (operators), by brand then sort order. */
export async function listProducts(
  db: DbOrTx,
  opts: { all?: boolean } = {},
): Promise<MallProduct[]> {
  const found = await select(
    db,
    PRODUCT,
    sql`FROM mall_products p JOIN brands b ON ${b.id} = ${p.brandId}
        ${opts.all ? sql`` : sql`WHERE ${p.onSale}`}
        ORDER BY ${b.sort}, ${p.sort}, ${p.id}`,
  );
  return found.map(opts.all ? toAdminProduct : toProduct);
}

export async function getProduct(db: DbOrTx, id: number, opts: { all?: boolean } = {}) {
  const found = await selectOne(
    db,
    PRODUCT,
    sql`FROM mall_products p JOIN brands b ON ${b.id} = ${p.brandId}
        WHERE ${p.id} = ${id} ${opts.all ? sql`` : sql`AND ${p.onSale}`}`,
  );
  if (!found) throw notFound('商品不存在或已下架');
  return opts.all ? toAdminProduct(found) : toProduct(found);
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
    const saved = await selectOne(tx, { id: savedProduct.id }, sql`FROM saved`, {
      with: input.id
        ? sql`WITH saved AS (UPDATE mall_products SET (brand_id, model, name, description, image_url, price_tiers, stock, on_sale, sort)
                = (${values}), updated_at = now() WHERE id = ${input.id} RETURNING id)`
        : sql`WITH saved AS (INSERT INTO mall_products (brand_id, model, name, description, image_url, price_tiers, stock, on_sale, sort)
              VALUES (${values}) RETURNING id)`,
    });
    await audit(tx, op, {
      action: input.id ? 'mall_product.update' : 'mall_product.create',
      targetType: 'mall_product',
      targetId: saved!.id,
      before,
      after: { ...input, priceTiers: tiers },
    });
    return { id: saved!.id };
  });
}

// ---------------------------------------------------------------------------------------------
// Addresses: each agent's own; another agent's is simply not there
// ---------------------------------------------------------------------------------------------

const ma = alias(mallAddresses, 'ma');
/** The address a save wrote, or a delete removed (the CTE of saveAddress and deleteAddress). */
const savedAddress = alias(mallAddresses, 'saved');
/** The product a save wrote (the CTE of saveProduct). */
const savedProduct = alias(mallProducts, 'saved');

/** An address as its agent sees it, read from `t` (mall_addresses or a CTE of its rows). */
const addressOf = (t: typeof ma | typeof savedAddress) => ({
  id: t.id,
  name: t.name,
  mobile: t.mobile,
  province: t.province,
  city: t.city,
  district: t.district,
  detail: t.detail,
  isDefault: t.isDefault,
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
  const found = await select(
    db,
    addressOf(ma),
    sql`FROM mall_addresses ma ${ownerInTree(buyer)}
         WHERE ${ma.agentId} = ${buyer.agentId} ORDER BY ${ma.isDefault} DESC, ${ma.id} DESC`,
  );
  return found;
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
    const count = await selectOne(
      tx,
      { n: sql`count(*)`.mapWith(decode.number) },
      sql`FROM mall_addresses ma ${ownerInTree(buyer)} WHERE ${ma.agentId} = ${agentId}`,
    );
    if (!input.id && count!.n >= 20) throw badRequest('收货地址最多20个', 'id');
    const isDefault = input.isDefault || count!.n === 0;
    if (isDefault)
      await tx.execute(
        sql`UPDATE mall_addresses ma SET is_default = false${using.from}
             WHERE ma.agent_id = ${agentId}${using.where}`,
      );
    const saved = await selectOne(tx, addressOf(savedAddress), sql`FROM saved`, {
      with: input.id
        ? sql`WITH saved AS (UPDATE mall_addresses ma SET name = ${input.name}, mobile = ${input.mobile}, province = ${input.province},
                city = ${input.city}, district = ${input.district}, detail = ${input.detail},
                is_default = ${isDefault} OR ma.is_default, updated_at = now()${using.from}
              WHERE ma.id = ${input.id} AND ma.agent_id = ${agentId}${using.where} RETURNING ma.*)`
        : sql`WITH saved AS (INSERT INTO mall_addresses (agent_id, name, mobile, province, city, district, detail, is_default)
              VALUES (${agentId}, ${input.name}, ${input.mobile}, ${input.province}, ${input.city},
                      ${input.district}, ${input.detail}, ${isDefault})
              RETURNING *)`,
    });
    if (!saved) throw notFound('收货地址不存在');
    return saved;
  });
}

export async function deleteAddress(db: Db, agentId: number, id: number) {
  const gone = await selectOne(db, { id: savedAddress.id }, sql`FROM saved`, {
    with: sql`WITH saved AS (DELETE FROM mall_addresses WHERE id = ${id} AND agent_id = ${agentId} RETURNING id)`,
  });
  if (!gone) throw notFound('收货地址不存在');
}
