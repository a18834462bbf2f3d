import {
  GATEWAY_PAY_TYPES,
  WALLET_PAY_TYPES,
  ORDER_PAY_TYPE,
  formatMoney,
  mallCombinationError,
  orderPayTypeOptions,
  shippingPayWayOptions,
  type MallOrder,
  type MallWallet,
} from '@pos/core';
import { Dialog, Selector, Toast } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { prepayOrder, usePayOrder, useSimulatedPay } from '../api/orders';
import { useMallLabels } from './labels';
import { safeUrl } from '@/lib/safe-url';

/** Pay types that need the pay password (the agent's own wallets). */
export const needsPayPassword = (payType: number) => WALLET_PAY_TYPES.includes(payType);

/** How much the agent has for a pay type, in the server's figures. */
function available(w: MallWallet | undefined, payType: number, quotaLeft: (n: number) => string) {
  if (!w) return undefined;
  if (payType === ORDER_PAY_TYPE.GOODS_BALANCE) return `¥${formatMoney(w.goodsBalanceFen)}`;
  if (payType === ORDER_PAY_TYPE.POINTS) return w.points.toLocaleString();
  if (payType === ORDER_PAY_TYPE.FREE_CLAIM) return quotaLeft(w.freeQuota.left);
  return undefined;
}

/** The five pay types (the free claim only when placing an order), each with what the agent has. */
export function PayTypeSelector({
  value,
  onChange,
  wallet,
  withFreeClaim,
  shippingWay,
}: {
  value: number;
  onChange: (payType: number) => void;
  wallet: MallWallet | undefined;
  withFreeClaim: boolean;
  /** When set, pay types that do not go with it are disabled. */
  shippingWay?: number;
}) {
  const { t } = useTranslation();
  const labels = useMallLabels();
  return (
    <Selector
      columns={2}
      value={[value]}
      onChange={(v) => v[0] !== undefined && onChange(v[0])}
      options={orderPayTypeOptions
        .filter((o) => withFreeClaim || o.value !== ORDER_PAY_TYPE.FREE_CLAIM)
        .map((o) => ({
          value: o.value,
          label: labels.payType(o.value),
          description: available(wallet, o.value, (n) => t('mall.freeQuotaLeft', { n })),
          disabled:
            shippingWay !== undefined && mallCombinationError(shippingWay, o.value) !== null,
        }))}
      data-testid="pay-type"
    />
  );
}

/** The five shipping ways. */
export function ShippingSelector({
  value,
  onChange,
}: {
  value: number;
  onChange: (way: number) => void;
}) {
  const labels = useMallLabels();
  return (
    <Selector
      columns={3}
      value={[value]}
      onChange={(v) => v[0] !== undefined && onChange(v[0])}
      options={shippingPayWayOptions.map((o) => ({
        value: o.value,
        label: labels.shipping(o.value),
      }))}
      data-testid="shipping-way"
    />
  );
}

/**
 * Pays an unpaid order the chosen way: from a wallet with the pay password, or at the gateway's
 * cashier (the built-in simulated one asks here; a real one is opened). Resolves true when the
 * order is paid. Failures are shown by the API client; nothing is retried silently.
 */
export function usePayFlow() {
  const { t } = useTranslation();
  const labels = useMallLabels();
  const pay = usePayOrder();
  const sim = useSimulatedPay();
  return async (order: MallOrder, payType: number, payPassword: string): Promise<boolean> => {
    try {
      if (!GATEWAY_PAY_TYPES.includes(payType)) {
        await pay.mutateAsync({ id: order.id, payType, payPassword });
        Toast.show({ icon: 'success', content: t('mall.paid') });
        return true;
      }
      const payment = await prepayOrder(order.id, payType);
      if (!payment.simulated) {
        const cashier = safeUrl(payment.cashierUrl);
        if (cashier) window.location.assign(cashier);
        return false;
      }
      const channel = labels.payType(payType);
      const go = await Dialog.confirm({
        title: t('mall.cashierTitle', { channel }),
        content: (
          <div className="mall-cashier" data-testid="sim-cashier">
            <div className="mall-cashier-amount">¥{formatMoney(payment.amountFen)}</div>
            <div className="mall-cashier-hint">{t('mall.cashierHint', { channel })}</div>
          </div>
        ),
        confirmText: t('mall.cashierPay', { amount: formatMoney(payment.amountFen) }),
        cancelText: t('mall.cashierCancel'),
      });
      if (!go) return false;
      await sim.mutateAsync(payment.paymentNo);
      Toast.show({ icon: 'success', content: t('mall.paid') });
      return true;
    } catch {
      return false;
    }
  };
}
