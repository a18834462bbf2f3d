import { ORDER_PAY_TYPE, SHIPPING_PAY_WAY, formatMoney, type PriceTier } from '@pos/core';
import { Button, Stepper, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { recordGate } from '@/components/ui/record-state';
import { Page } from '@/components/ui/page';
import { useQueryParam } from '@/lib/routing';
import { useMallProduct } from '../api/catalog';
import { useQuote } from '../api/orders';
import { cart, MAX_QTY } from '../cart';
import { ProductImage } from '../components/product-card';
import '../i18n';
import '../mall.css';

/** Why a typed quantity was changed, or null when it stood as typed. */
export type QuantityFix = 'min' | 'whole' | 'stock' | 'max' | null;

/**
 * A typed quantity made one that can be ordered: at least 1, whole, at most the stock and at most
 * MAX_QTY per order; with the reason when it had to change, so the page can say what it did.
 */
export function fixQuantity(v: number, stock: number): { qty: number; fix: QuantityFix } {
  if (!Number.isFinite(v) || v < 1) return { qty: 1, fix: 'min' };
  let qty = v;
  let fix: QuantityFix = null;
  if (!Number.isInteger(qty)) {
    qty = Math.max(1, Math.round(qty));
    fix = 'whole';
  }
  if (qty > stock && stock < MAX_QTY) return { qty: Math.max(1, stock), fix: 'stock' };
  if (qty > MAX_QTY) return { qty: MAX_QTY, fix: 'max' };
  return { qty, fix };
}

/** The tier a quantity is priced by: the one with the largest start not above it. */
export function activeTier(tiers: readonly PriceTier[], qty: number): PriceTier | undefined {
  return [...tiers].sort((a, b) => a.minQty - b.minQty).findLast((tier) => tier.minQty <= qty);
}

/**
 * A product (/pages/mall/detail?id=): model, price tiers by quantity with the one that applies
 * marked, stock, the quantity with the server's subtotal for it, add to cart or buy. A quantity
 * that cannot be ordered is changed and the page says how and why.
 */
export default function MallDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useQueryParam('id'));
  const idOk = Number.isInteger(id) && id > 0;
  const q = useMallProduct(idOk ? id : 0);
  const [qty, setQty] = useState(1);
  const [fix, setFix] = useState<QuantityFix>(null);
  const gate = recordGate(idOk, q, '/pages/mall/index');
  const p = q.data;
  const stock = p?.stock ?? 0;
  const tiers = [...(p?.priceTiers ?? [])].sort((a, b) => a.minQty - b.minQty);
  const current = activeTier(tiers, qty);
  // The subtotal is the server's price for exactly this quantity (no pay type chosen yet).
  const quote = useQuote(
    p && stock > 0
      ? {
          items: [{ productId: p.id, quantity: qty }],
          shippingWay: SHIPPING_PAY_WAY.FREE_SHIPPING,
          payType: ORDER_PAY_TYPE.WECHAT,
        }
      : null,
  );
  const line = quote.isPlaceholderData ? undefined : quote.data?.items[0];
  const priced = line && line.quantity === qty ? line : undefined;
  const changeQty = (v: number | null) => {
    // An emptied box keeps the last quantity until something is typed.
    if (v === null) return;
    const next = fixQuantity(v, stock);
    setQty(next.qty);
    setFix(next.fix);
  };
  const fixText =
    fix === 'min'
      ? t('mall.qtyMin')
      : fix === 'whole'
        ? t('mall.qtyWhole', { n: qty })
        : fix === 'stock'
          ? t('mall.qtyStock', { n: qty })
          : fix === 'max'
            ? t('mall.qtyMax', { n: qty })
            : null;

  return (
    <Page title={t('mall.detail')} className="mall-page" backTo="/pages/mall/index">
      {gate ??
        (p && (
          <>
            <section className="mall-block mall-detail-head">
              <ProductImage product={p} />
              <div>
                <h1 className="mall-detail-name" data-testid="product-name">
                  {p.name}
                </h1>
                <div className="mall-product-sub">
                  {p.brandName} · {p.model}
                </div>
                <div className={p.stock > 0 ? 'mall-stock' : 'mall-stock mall-stock-out'}>
                  {p.stock > 0 ? t('mall.stock', { n: p.stock }) : t('mall.soldOut')}
                </div>
              </div>
            </section>
            <section className="mall-block" aria-label={t('mall.priceTiers')}>
              <h2 className="mall-block-title">{t('mall.priceTiers')}</h2>
              <div className="mall-tiers" data-testid="price-tiers">
                {tiers.map((tier) => {
                  const on = tier === current;
                  return (
                    <div
                      key={tier.minQty}
                      className={on ? 'mall-tier mall-tier-active' : 'mall-tier'}
                      aria-current={on ? 'true' : undefined}
                      data-testid={on ? 'active-tier' : undefined}
                    >
                      <span className="mall-price">¥{formatMoney(tier.unitPriceFen)}</span>
                      <small>{t('mall.perUnit')}</small>
                      <div className="mall-tier-from">{t('mall.tierFrom', { n: tier.minQty })}</div>
                      {on && <div className="mall-tier-badge">{t('mall.activeTier')}</div>}
                    </div>
                  );
                })}
              </div>
            </section>
            {p.description && (
              <section className="mall-block mall-description">{p.description}</section>
            )}
            <section className="mall-block">
              <div className="mall-qty">
                <span>{t('mall.quantity')}</span>
                {/* No min or max here: the kit would clamp silently; fixQuantity says why. */}
                <Stepper
                  allowEmpty
                  value={qty}
                  onChange={changeQty}
                  disabled={p.stock === 0}
                  aria-label={t('mall.quantity')}
                  data-testid="quantity"
                />
              </div>
              {fixText && (
                <div className="mall-qty-note" role="status" data-testid="quantity-note">
                  {fixText}
                </div>
              )}
              {p.stock > 0 && (
                <div className="mall-subtotal" data-testid="subtotal">
                  <span>{t('mall.subtotal')}</span>
                  <span>
                    {priced ? (
                      <>
                        <small>
                          ¥{formatMoney(priced.unitPriceFen)}
                          {t('mall.perUnit')} × {priced.quantity}
                        </small>{' '}
                        <span className="mall-price" data-testid="subtotal-amount">
                          ¥{formatMoney(priced.amountFen)}
                        </span>
                      </>
                    ) : (
                      '…'
                    )}
                  </span>
                </div>
              )}
            </section>
            <div className="mall-bottom-bar">
              <Button
                fill="outline"
                color="primary"
                disabled={p.stock === 0}
                onClick={() => {
                  if (!cart.add(p.id, qty)) Toast.show(t('mall.cartFull'));
                  else Toast.show({ icon: 'success', content: t('mall.added') });
                }}
                data-testid="add-to-cart"
              >
                {t('mall.addToCart')}
              </Button>
              <Button
                color="primary"
                disabled={p.stock === 0}
                onClick={() => navigate(`/pages/mall/confirm?items=${p.id}:${qty}`)}
                data-testid="buy-now"
              >
                {t('mall.buyNow')}
              </Button>
            </div>
          </>
        ))}
    </Page>
  );
}
