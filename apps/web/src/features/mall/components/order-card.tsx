import { formatDate, formatMoney, ORDER_PAY_TYPE, type MallOrder } from '@pos/core';
import { useTranslation } from '@/lib/i18n';
import { useMallLabels } from './labels';

/**
 * The amount of an order in what it is paid with: points for points, else yuan. `payType`
 * overrides the order's own (the pay sheet shows the amount in the way being chosen).
 */
export function OrderAmount({ order, payType }: { order: MallOrder; payType?: number }) {
  const { t } = useTranslation();
  return (payType ?? order.payType) === ORDER_PAY_TYPE.POINTS ? (
    <>
      {order.totalFen.toLocaleString()} {t('mall.points')}
    </>
  ) : (
    <>¥{formatMoney(order.totalFen)}</>
  );
}

/** An order in the list: number, state, what was bought, how many, the total. */
export function OrderCard({ order, onOpen }: { order: MallOrder; onOpen: () => void }) {
  const { t } = useTranslation();
  const labels = useMallLabels();
  const qty = order.items.reduce((s, i) => s + i.quantity, 0);
  const first = order.items[0];
  return (
    <button
      type="button"
      className="mall-order"
      onClick={onOpen}
      data-testid={`mall-order-${order.id}`}
    >
      <span className="mall-order-head">
        <span className="mall-order-no">{order.orderNo}</span>
        <span className={`mall-status mall-status-${order.status}`}>
          {labels.status(order.status)}
        </span>
      </span>
      <span className="mall-order-body">
        {first?.name} ×{first?.quantity}
        {order.items.length > 1 && ` ${t('mall.moreItems', { n: order.items.length - 1 })}`}
      </span>
      <span className="mall-order-foot">
        <span className="mall-product-sub">
          {formatDate(order.createdAt, 'yyyy-mm-dd hh:MM')} · {t('mall.units', { n: qty })}
        </span>
        <span className="mall-price">
          <OrderAmount order={order} />
        </span>
      </span>
    </button>
  );
}
