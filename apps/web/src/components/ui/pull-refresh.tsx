import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

/** How far the list must be pulled (after damping) before letting go refreshes it. */
const THRESHOLD = 60;
/** The height the header keeps while refreshing and while saying it is done. */
const HEAD = 40;
/** How long "refreshed" stays before the header closes. */
const COMPLETE_MS = 500;

type Status = 'idle' | 'pulling' | 'canRelease' | 'refreshing' | 'complete';

/** The element that scrolls this one: the nearest scrolling ancestor, else the page. */
function scrollTopOf(el: HTMLElement): number {
  for (let node = el.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) {
      return node.scrollTop;
    }
  }
  return document.scrollingElement?.scrollTop ?? window.scrollY;
}

/**
 * Pull-to-refresh for lists, in the app's texts and language: pulled down from the top past the
 * threshold and let go, the list refreshes while the header says so. Touch only, as on a phone.
 * The app's own (the header grows in the page's flow, with a CSS transition when it settles): the kit's brought an animation and a gesture library to
 * every list page (decision 014).
 */
export function PullRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [pull, setPull] = useState(0);
  const latest = useRef({ status, onRefresh });
  latest.current = { status, onRefresh };

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    let startY: number | null = null;
    let startX = 0;
    /** Whether this touch has shown its direction yet: sideways (a carousel, say) is never a pull. */
    let decided = false;
    let distance = 0;
    let live = true;

    const start = (e: TouchEvent) => {
      const busy = latest.current.status === 'refreshing' || latest.current.status === 'complete';
      // A second finger during a pull ends it: the header closes and nothing refreshes.
      if (distance > 0 && !busy) {
        setPull(0);
        setStatus('idle');
      }
      const touch = e.touches[0]!;
      startY = !busy && e.touches.length === 1 && scrollTopOf(el) <= 0 ? touch.clientY : null;
      startX = touch.clientX;
      decided = false;
      distance = 0;
    };
    const move = (e: TouchEvent) => {
      if (startY === null) return;
      const dy = e.touches[0]!.clientY - startY;
      if (!decided) {
        const dx = Math.abs(e.touches[0]!.clientX - startX);
        if (dx < 6 && Math.abs(dy) < 6) return;
        decided = true;
        if (dx >= Math.abs(dy)) {
          startY = null;
          return;
        }
      }
      if (dy <= 0) {
        // Moving up is scrolling the list, not pulling.
        if (distance > 0) {
          distance = 0;
          setPull(0);
          setStatus('idle');
        }
        return;
      }
      // Held at the top: the page must not scroll or bounce while the header is pulled.
      if (e.cancelable) e.preventDefault();
      // Damped: the header follows the finger more and more slowly.
      distance = Math.min(dy * 0.5, THRESHOLD * 2);
      setPull(distance);
      setStatus(distance >= THRESHOLD ? 'canRelease' : 'pulling');
    };
    const end = async () => {
      if (startY === null) return;
      startY = null;
      if (distance < THRESHOLD) {
        distance = 0;
        setPull(0);
        setStatus('idle');
        return;
      }
      distance = 0;
      setPull(HEAD);
      setStatus('refreshing');
      try {
        await latest.current.onRefresh();
      } catch {
        // The list shows its own error; the header just closes.
      }
      if (!live) return;
      setStatus('complete');
      await new Promise((resolve) => setTimeout(resolve, COMPLETE_MS));
      if (!live) return;
      setPull(0);
      setStatus('idle');
    };

    el.addEventListener('touchstart', start, { passive: true });
    el.addEventListener('touchmove', move, { passive: false });
    el.addEventListener('touchend', end);
    el.addEventListener('touchcancel', end);
    return () => {
      live = false;
      el.removeEventListener('touchstart', start);
      el.removeEventListener('touchmove', move);
      el.removeEventListener('touchend', end);
      el.removeEventListener('touchcancel', end);
    };
  }, []);

  const text =
    status === 'canRelease'
      ? t('common.pullCanRelease')
      : status === 'refreshing'
        ? t('common.pullRefreshing')
        : status === 'complete'
          ? t('common.pullComplete')
          : t('common.pullToRefresh');
  const following = status === 'pulling' || status === 'canRelease';
  return (
    <div ref={root} className="pull-refresh" data-status={status}>
      <div
        className={`pull-refresh-head${following ? '' : ' pull-refresh-settle'}`}
        style={{ height: pull }}
        aria-live="polite"
      >
        <div className="pull-refresh-text" style={{ height: HEAD }}>
          {status === 'idle' ? null : text}
        </div>
      </div>
      {children}
    </div>
  );
}
