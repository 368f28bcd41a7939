import { useEffect, useState } from 'react';
import { SCROLL_TO_TOP_AFTER_PX } from '@bookshop/contracts/constants';
import { ArrowUpIcon } from '../../ui/icons.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** True once the page has scrolled 800px down (spec section 2), when the scroll-to-top button shows. */
export function useScrolledPastTop(): boolean {
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setScrolled(window.scrollY > SCROLL_TO_TOP_AFTER_PX);
    };
    // One check per frame at most: scroll events can fire far more often than that.
    const onScroll = () => {
      frame ||= requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  return scrolled;
}

export function scrollToTop() {
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  // The button disappears at the top; keep keyboard focus at the start of the page.
  document.getElementById('page-top')?.focus({ preventScroll: true });
}

/**
 * From 650px up, a round button in the bottom corner. Narrower, the page's content spans the
 * whole width, so a floating button would always cover some of it: the bottom bar holds the
 * button there instead (bottom-bar.tsx).
 */
export function ScrollToTopButton() {
  const t = useT();
  if (!useScrolledPastTop()) return null;
  return (
    <button
      type="button"
      aria-label={t('nav.scrollToTop')}
      onClick={scrollToTop}
      className="fixed end-4 bottom-6 z-30 hidden size-12 items-center justify-center rounded-full bg-brand text-white shadow-lg hover:bg-brand-hover bar:flex"
    >
      <ArrowUpIcon className="size-6" />
    </button>
  );
}
