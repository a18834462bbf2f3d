import { Skeleton, Swiper } from 'antd-mobile';
import { useNavigate } from '@/lib/router';
import { useHomeBanners } from '../api/get-banners';

/** The home banners as a looping carousel; a tap opens the banner's detail. */
export function BannerCarousel() {
  const navigate = useNavigate();
  const { data: banners, isLoading } = useHomeBanners();
  if (isLoading) return <Skeleton animated className="banner-skeleton" />;
  if (!banners?.length) return null;
  return (
    <div className="banner-carousel" data-testid="banner-carousel">
      <Swiper autoplay={banners.length > 1} loop={banners.length > 1} autoplayInterval={4000}>
        {banners.map((b) => (
          <Swiper.Item key={b.id}>
            <button
              type="button"
              className="banner-slide"
              data-testid={`banner-${b.id}`}
              onClick={() => navigate(`/pages/home/home/bannerDetail?id=${b.id}`)}
            >
              <img src={b.imageUrl} alt={b.title} draggable={false} />
              <span className="banner-caption">{b.title}</span>
            </button>
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
}
