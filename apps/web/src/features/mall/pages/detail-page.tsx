import { formatMoney } from '@pos/core';
import { Button, Stepper, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { recordGate } from '@/components/ui/record-state';
import { Page } from '@/components/ui/page';
import { useQueryParam } from '@/lib/routing';
import { useMallProduct } from '../api/catalog';
import { cart, MAX_QTY } from '../cart';
import { ProductImage } from '../components/product-card';
import '../i18n';
import '../mall.css';

/** A product (/pages/mall/detail?id=): model, price tiers by quantity, stock, add to cart or buy. */
export default function MallDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useQueryParam('id'));
  const idOk = Number.isInteger(id) && id > 0;
  const q = useMallProduct(idOk ? id : 0);
  const [qty, setQty] = useState(1);
  const gate = recordGate(idOk, q, '/pages/mall/index');
  const p = q.data;
  const max = Math.max(1, Math.min(MAX_QTY, p?.stock ?? 1));
  const tiers = [...(p?.priceTiers ?? [])].sort((a, b) => a.minQty - b.minQty);

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
                {tiers.map((tier) => (
                  <div key={tier.minQty} className="mall-tier">
                    <span className="mall-price">¥{formatMoney(tier.unitPriceFen)}</span>
                    <small>{t('mall.perUnit')}</small>
                    <div className="mall-tier-from">{t('mall.tierFrom', { n: tier.minQty })}</div>
                  </div>
                ))}
              </div>
            </section>
            {p.description && (
              <section className="mall-block mall-description">{p.description}</section>
            )}
            <section className="mall-block mall-qty">
              <span>{t('mall.quantity')}</span>
              <Stepper
                min={1}
                max={max}
                digits={0}
                value={qty}
                onChange={(v) => setQty(Math.max(1, Math.min(max, Math.floor(v || 1))))}
                disabled={p.stock === 0}
                data-testid="quantity"
              />
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
