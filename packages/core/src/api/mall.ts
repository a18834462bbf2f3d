import { z } from 'zod';
import { checked, mobileSchema } from './auth';
import { validators } from '../validators';

/**
 * The terminal purchase mall (issue 11): the platform sells terminals by brand and model with
 * price tiers by quantity; an agent orders them to an address and pays; the platform ships SNs
 * from its own stock into the agent's.
 */

export const MALL_ORDER_STATUS = {
  PENDING_PAYMENT: 0,
  PAID: 1,
  SHIPPED: 2,
  RECEIVED: 3,
  CANCELLED: 4,
  REFUNDED: 5,
} as const;
export const mallOrderStatusOptions = [
  { value: 0, zh: '待付款', en: 'Awaiting payment' },
  { value: 1, zh: '待发货', en: 'Paid' },
  { value: 2, zh: '已发货', en: 'Shipped' },
  { value: 3, zh: '已收货', en: 'Received' },
  { value: 4, zh: '已取消', en: 'Cancelled' },
  { value: 5, zh: '已退款', en: 'Refunded' },
] as const;

/** Minutes an unpaid order holds its stock before it is cancelled (MALL_ORDER_TIMEOUT_MINUTES). */
export const MALL_ORDER_TIMEOUT_MINUTES = 30;

const id = (label: string) =>
  z.coerce
    .number({ error: `${label}不正确` })
    .int(`${label}不正确`)
    .positive(`${label}不正确`);
const text = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过${max}个字`);

/** A quantity from which a unit price applies; the first tier starts at 1. */
export const priceTier = z.object({
  minQty: z.number({ error: '起订数量不正确' }).int('起订数量不正确').min(1, '起订数量至少为1'),
  unitPriceFen: z
    .number({ error: '单价不正确' })
    .int('单价须为整分')
    .min(0, '单价不能为负')
    .max(10_000_000, '单价过高'),
});
export type PriceTier = z.infer<typeof priceTier>;

/** The unit price for a quantity: the tier with the largest start not above it. */
export function unitPriceFor(tiers: readonly PriceTier[], quantity: number): number | null {
  let price: number | null = null;
  for (const t of [...tiers].sort((a, b) => a.minQty - b.minQty)) {
    if (t.minQty <= quantity) price = t.unitPriceFen;
  }
  return price;
}

export const mallProduct = z.object({
  id: z.number(),
  brandId: z.number(),
  brandName: z.string(),
  model: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  priceTiers: z.array(priceTier),
  stock: z.number(),
  onSale: z.boolean(),
});
export type MallProduct = z.infer<typeof mallProduct>;

export const mallProductQuery = z.object({ id: id('商品') });

// ---------------------------------------------------------------------------------------------
// Addresses
// ---------------------------------------------------------------------------------------------

export const mallAddressInput = z.object({
  id: id('地址').optional(),
  name: checked(validators.chineseName),
  mobile: mobileSchema,
  province: text('省份', 20),
  city: text('城市', 20),
  district: text('区县', 20),
  detail: text('详细地址', 100),
  isDefault: z.boolean().default(false),
});
export type MallAddressInput = z.infer<typeof mallAddressInput>;

export const mallAddress = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  detail: z.string(),
  isDefault: z.boolean(),
});
export type MallAddress = z.infer<typeof mallAddress>;

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

export const createMallOrderRequest = z.object({
  items: z
    .array(
      z.object({
        productId: id('商品'),
        quantity: z.coerce
          .number({ error: '数量不正确' })
          .int('数量须为整数')
          .min(1, '数量至少为1')
          .max(1000, '一次最多1000台'),
      }),
    )
    .min(1, '请选择商品')
    .max(20, '一次最多20种商品'),
  addressId: id('收货地址'),
  shippingWay: z.coerce.number({ error: '请选择配送方式' }).int(),
});
export type CreateMallOrderRequest = z.infer<typeof createMallOrderRequest>;

export const payMallOrderRequest = z.object({
  id: id('订单'),
  payType: z.coerce.number({ error: '请选择支付方式' }).int(),
  payPassword: z.string({ error: '请输入支付密码' }).regex(/^\d{6}$/, '支付密码为6位数字'),
});
export type PayMallOrderRequest = z.infer<typeof payMallOrderRequest>;

export const mallOrderIdRequest = z.object({ id: id('订单') });

export const mallOrderItem = z.object({
  productId: z.number(),
  name: z.string(),
  model: z.string(),
  quantity: z.number(),
  unitPriceFen: z.number(),
  amountFen: z.number(),
});

export const mallOrder = z.object({
  id: z.number(),
  orderNo: z.string(),
  status: z.number(),
  payType: z.number().nullable(),
  shippingWay: z.number(),
  goodsFen: z.number(),
  shippingFen: z.number(),
  totalFen: z.number(),
  address: mallAddress.omit({ id: true, isDefault: true }),
  items: z.array(mallOrderItem),
  expiresAt: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export type MallOrder = z.infer<typeof mallOrder>;

export const mallOrderListQuery = z.object({
  status: z.coerce.number({ error: '状态不正确' }).int().min(0).max(5).optional(),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, '分页游标不正确')
    .optional(),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

// ---------------------------------------------------------------------------------------------
// Console: products
// ---------------------------------------------------------------------------------------------

export const saveMallProductRequest = z.object({
  id: id('商品').optional(),
  brandId: id('品牌'),
  model: text('型号', 40),
  name: text('商品名称', 60),
  description: z.string().trim().max(1000, '商品介绍不能超过1000个字').optional(),
  imageUrl: z.string().trim().max(300, '图片地址过长').optional(),
  priceTiers: z.array(priceTier).min(1, '请至少设置一档价格').max(10, '价格最多10档'),
  stock: z.coerce.number({ error: '库存不正确' }).int('库存须为整数').min(0, '库存不能为负'),
  onSale: z.boolean(),
  sort: z.coerce.number().int().min(0).max(9999).optional(),
});
export type SaveMallProductRequest = z.infer<typeof saveMallProductRequest>;

// ---------------------------------------------------------------------------------------------
// Console: orders
// ---------------------------------------------------------------------------------------------

export const adminMallOrderQuery = z.object({
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  cursor: z.string().max(512).optional(),
  sort: z.string().max(32).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  format: z.enum(['json', 'csv']).optional(),
  status: z.coerce.number({ error: '状态不正确' }).int().min(0).max(5).optional(),
  orderNo: z.string().trim().max(32).optional(),
});
export type AdminMallOrderQuery = z.infer<typeof adminMallOrderQuery>;

export const adminMallOrder = z.object({
  id: z.number(),
  orderNo: z.string(),
  status: z.number(),
  payType: z.number().nullable(),
  shippingWay: z.number(),
  totalFen: z.number(),
  quantity: z.number(),
  summary: z.string(),
  agentName: z.string(),
  agentMobile: z.string(),
  address: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
});
export type AdminMallOrder = z.infer<typeof adminMallOrder>;

export const shipMallOrderRequest = z.object({
  id: id('订单'),
  sns: z.array(z.string().trim().min(1).max(32)).max(1000, '一次最多1000台').optional(),
  startSn: z.string().max(64, '起始SN格式错误').optional(),
  endSn: z.string().max(64, '结束SN格式错误').optional(),
});
export type ShipMallOrderRequest = z.infer<typeof shipMallOrderRequest>;

export const cancelMallOrderRequest = z.object({
  id: id('订单'),
  reason: text('取消原因', 200),
});
