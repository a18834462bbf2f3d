import { formatMoney, type MallProduct } from '@pos/core';
import { AppstoreOutline } from 'antd-mobile-icons';
import { useTranslation } from '@/lib/i18n';
import { safeUrl } from '@/lib/safe-url';

/** The lowest unit price among a product's tiers (the price at its largest quantity). */
export const lowestPrice = (p: MallProduct) =>
  p.priceTiers.reduce((m, tier) => Math.min(m, tier.unitPriceFen), Number.POSITIVE_INFINITY);

export function ProductImage({ product }: { product: MallProduct }) {
  const src = safeUrl(product.imageUrl);
  return src ? (
    <img className="mall-product-img" src={src} alt={product.name} loading="lazy" />
  ) : (
    <span className="mall-product-img mall-product-img-none" aria-hidden>
      <AppstoreOutline />
    </span>
  );
}

/** A product in the shop's list: picture, name, model, the lowest tier price and the stock. */
export function ProductCard({ product, onOpen }: { product: MallProduct; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="mall-product"
      onClick={onOpen}
      data-testid={`mall-product-${product.id}`}
    >
      <ProductImage product={product} />
      <span className="mall-product-body">
        <span className="mall-product-name">{product.name}</span>
        <span className="mall-product-sub">
          {product.brandName} · {product.model}
        </span>
        <span className="mall-product-foot">
          <span className="mall-price">
            ¥{formatMoney(lowestPrice(product))}
            {product.priceTiers.length > 1 && <small>{t('mall.from')}</small>}
          </span>
          <span className={product.stock > 0 ? 'mall-stock' : 'mall-stock mall-stock-out'}>
            {product.stock > 0 ? t('mall.stock', { n: product.stock }) : t('mall.soldOut')}
          </span>
        </span>
      </span>
    </button>
  );
}
