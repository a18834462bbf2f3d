import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { MallOrder, PriceTier } from '@pos/core';

// Mirrors migrations/0016_mall.sql, 0017_mall_payments.sql, 0030_mall_shipping.sql and
// 0041_mall_refund_result.sql (the SQL files are the source of truth): the products, the
// agents' addresses, orders with their lines, gateway payments and the free-claim quotas.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const big = (name: string) => bigint(name, { mode: 'number' });
/** bigserial in the migration: a bigint whose default is the table's sequence. */
const serialId = (table: string) =>
  big('id')
    .primaryKey()
    .default(sql.raw(`nextval('${table}_id_seq'::regclass)`));

export const mallProducts = pgTable('mall_products', {
  id: serialId('mall_products'),
  brandId: big('brand_id').notNull(),
  model: text('model').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  imageUrl: text('image_url'),
  priceTiers: jsonb('price_tiers').$type<PriceTier[]>().notNull(),
  /** The units reserved for the mall out of the platform's unallocated terminals of the model. */
  stock: integer('stock').notNull(),
  onSale: boolean('on_sale').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const mallAddresses = pgTable('mall_addresses', {
  id: serialId('mall_addresses'),
  agentId: big('agent_id').notNull(),
  name: text('name').notNull(),
  mobile: text('mobile').notNull(),
  province: text('province').notNull(),
  city: text('city').notNull(),
  district: text('district').notNull(),
  detail: text('detail').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const mallOrders = pgTable('mall_orders', {
  id: serialId('mall_orders'),
  orderNo: text('order_no').notNull().unique(),
  agentId: big('agent_id').notNull(),
  topId: big('top_id'),
  agentPath: text('agent_path').notNull(),
  status: smallint('status').notNull(),
  payType: smallint('pay_type'),
  shippingWay: smallint('shipping_way').notNull(),
  goodsFen: big('goods_fen').notNull(),
  shippingFen: big('shipping_fen').notNull(),
  totalFen: big('total_fen').notNull(),
  /** The address as it was when the order was placed (a copy, not a reference). */
  address: jsonb('address').$type<MallOrder['address']>().notNull(),
  payEntryId: big('pay_entry_id'),
  refundEntryId: big('refund_entry_id'),
  operationId: big('operation_id'),
  expiresAt: ts('expires_at').notNull(),
  paidAt: ts('paid_at'),
  shippedAt: ts('shipped_at'),
  receivedAt: ts('received_at'),
  cancelledAt: ts('cancelled_at'),
  cancelReason: text('cancel_reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  discountFen: big('discount_fen').notNull().default(0),
  freeUnits: integer('free_units').notNull().default(0),
  courier: text('courier'),
  waybillNo: text('waybill_no'),
});
export type MallOrderRow = typeof mallOrders.$inferSelect;

export const mallOrderItems = pgTable(
  'mall_order_items',
  {
    orderId: big('order_id').notNull(),
    productId: big('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceFen: big('unit_price_fen').notNull(),
    amountFen: big('amount_fen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.productId] })],
);

export const mallPayments = pgTable('mall_payments', {
  id: serialId('mall_payments'),
  paymentNo: text('payment_no').notNull().unique(),
  orderId: big('order_id').notNull(),
  agentId: big('agent_id').notNull(),
  topId: big('top_id'),
  payType: smallint('pay_type').notNull(),
  amountFen: big('amount_fen').notNull(),
  status: smallint('status').notNull().default(0),
  tradeNo: text('trade_no'),
  entryId: big('entry_id'),
  refundEntryId: big('refund_entry_id'),
  refundReason: text('refund_reason'),
  paidAt: ts('paid_at'),
  refundedAt: ts('refunded_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** The refund's final state at its gateway (SUCCESS, CLOSED, ABNORMAL), once reported. */
  refundResult: text('refund_result'),
  refundResultAt: ts('refund_result_at'),
});

export const mallFreeQuotas = pgTable('mall_free_quotas', {
  agentId: big('agent_id').primaryKey(),
  topId: big('top_id'),
  granted: integer('granted').notNull(),
  used: integer('used').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
