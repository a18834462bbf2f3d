import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@/lib/router';
import { useHomeBanners } from '../api/get-banners';
import { safeUrl } from '@/lib/safe-url';

const AUTOPLAY_MS = 4000;

/**
 * The home banners as a carousel that swipes with the finger (CSS scroll snapping) and moves on
 * by itself every few seconds, back to the first after the last; a tap opens the banner's detail.
 * The first banner is the home tab's largest paint, so it loads first and the others lazily.
 */
export function BannerCarousel() {
  const navigate = useNavigate();
  const { data: banners, isLoading } = useHomeBanners();
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [held, setHeld] = useState(false);
  const count = banners?.length ?? 0;

  useEffect(() => {
    const el = track.current;
    // Still while a finger or the keyboard is on it, and for those who ask for less motion.
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (!el || count < 2 || held || still) return;
    const timer = setInterval(() => {
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % count;
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    }, AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [count, held]);

  if (isLoading) return <div className="banner-skeleton" aria-busy="true" />;
  if (!banners?.length) return null;
  return (
    <div className="banner-carousel" data-testid="banner-carousel">
      <div
        ref={track}
        className="banner-track"
        onScroll={(e) => {
          const el = e.currentTarget;
          setIndex(Math.round(el.scrollLeft / Math.max(el.clientWidth, 1)));
        }}
        onTouchStart={() => setHeld(true)}
        onTouchEnd={() => setHeld(false)}
        onTouchCancel={() => setHeld(false)}
        onFocus={() => setHeld(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget)) setHeld(false);
        }}
      >
        {banners.map((b, i) => (
          <button
            key={b.id}
            type="button"
            className="banner-slide"
            data-testid={`banner-${b.id}`}
            onClick={() => navigate(`/pages/home/home/bannerDetail?id=${b.id}`)}
          >
            <img
              src={safeUrl(b.imageUrl) ?? undefined}
              alt={b.title}
              draggable={false}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'auto'}
            />
            <span className="banner-caption">{b.title}</span>
          </button>
        ))}
      </div>
      {count > 1 && (
        <div className="banner-dots" aria-hidden="true">
          {banners.map((b, i) => (
            <span
              key={b.id}
              className={i === index ? 'banner-dot banner-dot-active' : 'banner-dot'}
            />
          ))}
        </div>
      )}
    </div>
  );
}
