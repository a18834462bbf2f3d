import { z } from 'zod';
import { checked, mobileSchema } from './auth';
import { validators } from '../validators';
import { ORDER_PAY_TYPE, SHIPPING_PAY_WAY } from '../enums';
import { listQueryBase } from './admin';
import { siteImage } from '../safe-url';

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

/**
 * Which shipping way goes with which pay type (decision 012), checked by the app before it asks
 * and by the server whatever it is sent:
 * - 2 postage in points is paid with the order in points, so only with pay type 3 (points);
 * - 3 Alipay postage is paid with the order through Alipay, so only with pay type 2 (Alipay);
 * - 1 cash on delivery, 4 free shipping and 5 self pickup carry no postage in the app and go with
 *   every pay type, the free claim (0) included.
 * Returns the refusal, or null when the pair is allowed.
 */
export function mallCombinationError(shippingWay: number, payType: number): string | null {
  if (!Object.values(SHIPPING_PAY_WAY).includes(shippingWay as never)) return '配送方式不正确';
  if (!Object.values(ORDER_PAY_TYPE).includes(payType as never)) return '支付方式不正确';
  if (shippingWay === SHIPPING_PAY_WAY.POINTS && payType !== ORDER_PAY_TYPE.POINTS)
    return '积分抵扣邮费须使用积分支付';
  if (shippingWay === SHIPPING_PAY_WAY.ALIPAY_POSTAGE && payType !== ORDER_PAY_TYPE.ALIPAY)
    return '支付宝付邮费须使用支付宝支付';
  return null;
}

/** Shipping ways whose postage the order carries (the platform's postage rule). */
export const POSTAGE_SHIPPING_WAYS: readonly number[] = [
  SHIPPING_PAY_WAY.POINTS,
  SHIPPING_PAY_WAY.ALIPAY_POSTAGE,
];

/** Pay types that go through the payment gateway's cashier rather than a wallet. */
export const GATEWAY_PAY_TYPES: readonly number[] = [ORDER_PAY_TYPE.WECHAT, ORDER_PAY_TYPE.ALIPAY];
/** Pay types paid from the agent's own wallets, with the pay password. */
export const WALLET_PAY_TYPES: readonly number[] = [
  ORDER_PAY_TYPE.GOODS_BALANCE,
  ORDER_PAY_TYPE.POINTS,
];

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
  /**
   * Units that can be ordered: the product's reservation, never more than the platform's
   * unallocated terminals of its brand and model less the units unshipped orders hold.
   */
  stock: z.number(),
  onSale: z.boolean(),
  /** Operators only: the reservation as set (before the cap by the platform's terminals). */
  reserved: z.number().optional(),
  /** Operators only: the platform's unallocated terminals of the model not held by open orders. */
  platformFree: z.number().optional(),
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
  payType: z.coerce.number({ error: '请选择支付方式' }).int(),
});
export type CreateMallOrderRequest = z.infer<typeof createMallOrderRequest>;

export const payMallOrderRequest = z.object({
  id: id('订单'),
  payType: z.coerce.number({ error: '请选择支付方式' }).int(),
  payPassword: z.string({ error: '请输入支付密码' }).regex(/^\d{6}$/, '支付密码为6位数字'),
});
export type PayMallOrderRequest = z.infer<typeof payMallOrderRequest>;

export const mallOrderIdRequest = z.object({ id: id('订单') });

/** What an order would cost, priced by the server before the agent confirms. */
export const mallQuoteRequest = createMallOrderRequest.omit({ addressId: true });
export type MallQuoteRequest = z.infer<typeof mallQuoteRequest>;
export const mallQuote = z.object({
  items: z.array(
    z.object({
      productId: z.number(),
      name: z.string(),
      model: z.string(),
      quantity: z.number(),
      unitPriceFen: z.number(),
      amountFen: z.number(),
      stock: z.number(),
    }),
  ),
  goodsFen: z.number(),
  shippingFen: z.number(),
  /** The goods' value the free claim covers (the whole goods amount), else 0. */
  discountFen: z.number(),
  totalFen: z.number(),
  /** Why this order cannot be placed as it stands (stock, quota, balance), else null. */
  refusal: z.string().nullable(),
  /**
   * Every pay type with why it could not pay this order as it stands (the shipping way, the
   * free-claim quota, the goods balance or points), null when it can; the app starts on one that can.
   */
  payTypes: z.array(z.object({ payType: z.number(), refusal: z.string().nullable() })),
});
export type MallQuote = z.infer<typeof mallQuote>;

/** The agent's means of paying in the mall: wallet balances and the free-claim quota. */
export const mallWallet = z.object({
  goodsBalanceFen: z.number(),
  points: z.number(),
  freeQuota: z.object({ granted: z.number(), used: z.number(), left: z.number() }),
  hasPayPassword: z.boolean(),
  /** The postage an order shipped with postage (ways 2 and 3) carries, in fen (or points). */
  postageFen: z.number(),
  /** Points credited per activated terminal. */
  pointsPerActivation: z.number(),
});
export type MallWallet = z.infer<typeof mallWallet>;

/** Starting a WeChat or Alipay payment: the gateway's cashier for one payment of the order. */
export const mallPrepayRequest = z.object({
  id: id('订单'),
  payType: z.coerce.number({ error: '请选择支付方式' }).int(),
  /** Where the payer pays: the native shell ('app'), a phone browser ('h5', the default), WeChat ('jsapi') or a desktop browser ('page', Alipay). */
  client: z.enum(['app', 'h5', 'jsapi', 'page']).optional(),
  /** The payer's WeChat openid, for 'jsapi'. */
  openid: z.string().min(1).max(128).optional(),
});
export const mallPrepay = z.object({
  paymentNo: z.string(),
  payType: z.number(),
  amountFen: z.number(),
  /** Where the phone goes to pay; the simulated gateway's own page on this server. */
  cashierUrl: z.string(),
  /** Signed parameters the native shell hands to the provider's SDK (app payments). */
  appParams: z.record(z.string(), z.string()).optional(),
  /** True when the built-in simulated gateway answers (no real money moves). */
  simulated: z.boolean(),
});
export type MallPrepay = z.infer<typeof mallPrepay>;

/** A signed payment-gateway callback (HMAC-SHA256 of the raw body in X-Signature). */
export const gatewayNotify = z.object({
  paymentNo: z.string().min(1).max(40),
  tradeNo: z.string().min(1).max(64),
  channel: z.enum(['wechat', 'alipay']),
  amountFen: z.number().int().positive(),
  status: z.literal('SUCCESS'),
  paidAt: z.string().max(40),
});
export type GatewayNotify = z.infer<typeof gatewayNotify>;

/** Points earned and spent, newest first. */
export const mallPointsLine = z.object({
  id: z.number(),
  points: z.number(),
  infoType: z.string(),
  memo: z.string().nullable(),
  createdAt: z.string(),
});

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
  discountFen: z.number(),
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
  /** The SNs the platform shipped (empty until shipped). */
  shippedSns: z.array(z.string()),
  /** The courier and waybill number the platform shipped with (null until shipped). */
  courier: z.string().nullable(),
  waybillNo: z.string().nullable(),
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
  imageUrl: siteImage('商品图片', { max: 300, optional: true }).optional(),
  priceTiers: z.array(priceTier).min(1, '请至少设置一档价格').max(10, '价格最多10档'),
  stock: z.coerce.number({ error: '库存不正确' }).int('库存须为整数').min(0, '库存不能为负'),
  onSale: z.boolean(),
  sort: z.coerce.number().int().min(0).max(9999).optional(),
});
export type SaveMallProductRequest = z.infer<typeof saveMallProductRequest>;

// ---------------------------------------------------------------------------------------------
// Console: orders
// ---------------------------------------------------------------------------------------------

export const adminMallOrderQuery = listQueryBase.extend({
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
  courier: z.string().nullable(),
  waybillNo: z.string().nullable(),
});
export type AdminMallOrder = z.infer<typeof adminMallOrder>;

export const shipMallOrderRequest = z.object({
  id: id('订单'),
  sns: z.array(z.string().trim().min(1).max(32)).max(1000, '一次最多1000台').optional(),
  startSn: z.string().max(64, '起始SN格式错误').optional(),
  endSn: z.string().max(64, '结束SN格式错误').optional(),
  courier: text('快递公司', 30),
  waybillNo: z
    .string({ error: '请填写运单号' })
    .trim()
    .min(1, '请填写运单号')
    .max(40, '运单号不能超过40个字')
    .regex(/^[A-Za-z0-9-]+$/, '运单号只能包含字母、数字和短横线'),
});
export type ShipMallOrderRequest = z.infer<typeof shipMallOrderRequest>;

/** The platform's SNs an order can ship with: per model of its lines, how many it needs and has. */
export const mallShippableModel = z.object({
  brandId: z.number(),
  brandName: z.string(),
  model: z.string(),
  /** Units of this model the order bought. */
  quantity: z.number(),
  /** The platform's unallocated terminals of the model (all of them, not only those listed). */
  available: z.number(),
  /** The first of them by SN (at most 500). */
  sns: z.array(z.string()),
});
export type MallShippableModel = z.infer<typeof mallShippableModel>;
export const mallShippableQuery = z.object({ id: id('订单') });

export const cancelMallOrderRequest = z.object({
  id: id('订单'),
  reason: text('取消原因', 200),
});

// ---------------------------------------------------------------------------------------------
// Console: free-claim quotas and the mall's rules
// ---------------------------------------------------------------------------------------------

export const adminFreeQuota = z.object({
  agentId: z.number(),
  agentName: z.string(),
  agentMobile: z.string(),
  granted: z.number(),
  used: z.number(),
  updatedAt: z.string(),
});
export type AdminFreeQuota = z.infer<typeof adminFreeQuota>;

export const adminFreeQuotaQuery = listQueryBase.extend({
  mobile: z.string().trim().max(11).optional(),
});

export const saveFreeQuotaRequest = z.object({
  mobile: mobileSchema,
  granted: z.coerce
    .number({ error: '免费领取额度不正确' })
    .int('免费领取额度须为整数')
    .min(0, '免费领取额度不能为负')
    .max(100_000, '免费领取额度过大'),
});
export type SaveFreeQuotaRequest = z.infer<typeof saveFreeQuotaRequest>;

/** The mall's rules (system parameter mall_rules): points per activation and the postage. */
export const MALL_RULES_PARAM = 'mall_rules';
export const mallRules = z.object({
  pointsPerActivation: z
    .number({ error: '每台激活积分须为整数' })
    .int('每台激活积分须为整数')
    .min(0, '每台激活积分不能为负')
    .max(1_000_000, '每台激活积分过大'),
  postageFen: z
    .number({ error: '邮费须为整分' })
    .int('邮费须为整分')
    .min(0, '邮费不能为负')
    .max(100_000, '邮费过高'),
});
export type MallRules = z.infer<typeof mallRules>;
export const DEFAULT_MALL_RULES: MallRules = { pointsPerActivation: 100, postageFen: 1200 };
