import { Badge, Empty, Skeleton, Swiper } from 'antd-mobile';
import { FileOutline, ShopbagOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { useMallProducts, useShopBanners } from '../api/catalog';
import { mallKeys } from '../api/keys';
import { useCart } from '../cart';
import { ProductCard } from '../components/product-card';
import { WalletStrip } from '../components/wallet-strip';
import '../i18n';
import '../mall.css';
import { safeUrl } from '@/lib/safe-url';

/** The terminal shop (/pages/mall/index): shop banners, the agent's means to pay, products by brand. */
export default function MallIndexPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const products = useMallProducts();
  const banners = useShopBanners();
  const lines = useCart();
  const brands = [...new Set((products.data ?? []).map((p) => p.brandName))];

  return (
    <Page
      title={t('mall.mall')}
      className="mall-page"
      right={
        <span className="mall-nav-actions">
          <button
            type="button"
            aria-label={t('mall.orders')}
            onClick={() => navigate('/pages/mall/orders')}
            data-testid="mall-orders-link"
          >
            <FileOutline aria-hidden />
            <span className="mall-nav-label">{t('mall.orders')}</span>
          </button>
          <Badge content={lines.length || null}>
            <button
              type="button"
              aria-label={t('mall.cart')}
              onClick={() => navigate('/pages/mall/cart')}
              data-testid="mall-cart-link"
            >
              <ShopbagOutline aria-hidden />
              <span className="mall-nav-label">{t('mall.cart')}</span>
            </button>
          </Badge>
        </span>
      }
    >
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: mallKeys.all })}>
        {/* The banners' place is kept while they load, so nothing below jumps when they come. */}
        {banners.isLoading && (
          <div className="mall-banners mall-banners-pending" data-testid="mall-banners-pending" />
        )}
        {banners.data && banners.data.length > 0 && (
          <div className="mall-banners" data-testid="mall-banners">
            <Swiper autoplay={banners.data.length > 1} loop={banners.data.length > 1}>
              {banners.data.map((b) => (
                <Swiper.Item key={b.id}>
                  <button
                    type="button"
                    className="mall-banner"
                    onClick={() => navigate(`/pages/home/home/bannerDetail?id=${b.id}`)}
                  >
                    <img src={safeUrl(b.imageUrl) ?? undefined} alt={b.title} draggable={false} />
                    <span className="mall-banner-caption">{b.title}</span>
                  </button>
                </Swiper.Item>
              ))}
            </Swiper>
          </div>
        )}
        <WalletStrip />
        {products.isLoading ? (
          <div className="mall-block">
            <Skeleton.Paragraph lineCount={8} animated />
          </div>
        ) : products.isError ? (
          <LoadError error={products.error} onRetry={() => void products.refetch()} />
        ) : brands.length === 0 ? (
          <Empty description={t('mall.empty')} />
        ) : (
          brands.map((brand) => (
            <section key={brand} className="mall-brand" aria-label={brand}>
              <h2 className="mall-brand-title">{brand}</h2>
              <div className="mall-products">
                {products
                  .data!.filter((p) => p.brandName === brand)
                  .map((p) => (
                    <ProductCard
                      key={p.id}
                      product={p}
                      onOpen={() => navigate(`/pages/mall/detail?id=${p.id}`)}
                    />
                  ))}
              </div>
            </section>
          ))
        )}
      </PullRefresh>
    </Page>
  );
}
