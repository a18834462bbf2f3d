import { ORDER_PAY_TYPE, SHIPPING_PAY_WAY, formatMoney } from '@pos/core';
import { Button, Checkbox, Dialog, Empty, List, Stepper, SwipeAction } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { useMallProducts } from '../api/catalog';
import { useQuote } from '../api/orders';
import { cart, MAX_QTY, useCart } from '../cart';
import { ProductImage } from '../components/product-card';
import '../i18n';
import '../mall.css';

/** The cart (/pages/mall/cart): quantities, removal, the server's price of what is selected. */
export default function MallCartPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lines = useCart();
  const products = useMallProducts();
  const [unselected, setUnselected] = useState<number[]>([]);
  const byId = new Map((products.data ?? []).map((p) => [p.id, p]));
  // A product taken off sale drops out of what can be bought, but stays visible to be removed.
  const selected = lines.filter((l) => !unselected.includes(l.productId) && byId.has(l.productId));
  // The query key is compared by value, so a new object each render asks nothing twice. No pay
  // type is chosen here: the quote is asked with one that has no balance to fall short of, so the
  // cart only ever warns about what it holds (stock), never about how the agent might pay.
  const body = selected.length
    ? {
        items: selected,
        shippingWay: SHIPPING_PAY_WAY.FREE_SHIPPING,
        payType: ORDER_PAY_TYPE.WECHAT,
      }
    : null;
  const quote = useQuote(body);

  const remove = async (productId: number) => {
    if (await Dialog.confirm({ content: t('mall.removeConfirm') })) cart.remove([productId]);
  };

  return (
    <Page title={t('mall.cart')} className="mall-page" backTo="/pages/mall/index">
      {lines.length === 0 ? (
        <div className="mall-cart-empty">
          <Empty description={t('mall.cartEmpty')} data-testid="cart-empty" />
          <Button color="primary" fill="outline" onClick={() => navigate('/pages/mall/index')}>
            {t('mall.goShopping')}
          </Button>
        </div>
      ) : (
        <>
          <List>
            {lines.map((l) => {
              const p = byId.get(l.productId);
              const on = !unselected.includes(l.productId) && Boolean(p);
              return (
                <SwipeAction
                  key={l.productId}
                  rightActions={[
                    {
                      key: 'remove',
                      text: t('mall.remove'),
                      color: 'danger',
                      onClick: () => void remove(l.productId),
                    },
                  ]}
                >
                  <List.Item
                    prefix={
                      <Checkbox
                        checked={on}
                        disabled={!p}
                        onChange={(v) =>
                          setUnselected((u) =>
                            v ? u.filter((x) => x !== l.productId) : [...u, l.productId],
                          )
                        }
                        aria-label={p?.name ?? String(l.productId)}
                      />
                    }
                    description={
                      p ? (
                        <span className="mall-product-sub">
                          {p.brandName} · {p.model} · {t('mall.stock', { n: p.stock })}
                        </span>
                      ) : (
                        t('mall.soldOut')
                      )
                    }
                    extra={
                      <div className="mall-cart-right">
                        <Stepper
                          min={1}
                          max={Math.max(1, Math.min(MAX_QTY, p?.stock ?? 1))}
                          digits={0}
                          value={l.quantity}
                          onChange={(v) => cart.set(l.productId, Math.max(1, Math.floor(v || 1)))}
                          data-testid={`cart-qty-${l.productId}`}
                        />
                        <button
                          type="button"
                          className="mall-link-danger"
                          onClick={() => void remove(l.productId)}
                        >
                          {t('mall.remove')}
                        </button>
                      </div>
                    }
                    data-testid={`cart-line-${l.productId}`}
                  >
                    <span className="mall-cart-title">
                      {p && <ProductImage product={p} />}
                      {p?.name ?? `#${l.productId}`}
                    </span>
                  </List.Item>
                </SwipeAction>
              );
            })}
          </List>
          {quote.data?.refusal && (
            <div className="mall-refusal" role="alert">
              {quote.data.refusal}
            </div>
          )}
          <div className="mall-bottom-bar">
            <div className="mall-bottom-total">
              {t('mall.goodsAmount')}{' '}
              <span className="mall-price" data-testid="cart-total">
                {quote.data && selected.length ? `¥${formatMoney(quote.data.goodsFen)}` : '—'}
              </span>
            </div>
            <Button
              color="primary"
              disabled={selected.length === 0}
              onClick={() =>
                navigate(
                  `/pages/mall/confirm?from=cart&items=${selected
                    .map((l) => `${l.productId}:${l.quantity}`)
                    .join(',')}`,
                )
              }
              data-testid="checkout"
            >
              {t('mall.checkout', { n: selected.reduce((s, l) => s + l.quantity, 0) })}
            </Button>
          </div>
        </>
      )}
    </Page>
  );
}
