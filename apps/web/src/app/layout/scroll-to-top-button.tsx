import { useEffect, useState } from 'react';
import { SCROLL_TO_TOP_AFTER_PX } from '@bookshop/contracts/constants';
import { ArrowUpIcon } from '../../ui/icons.tsx';

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** Appears once the page has scrolled 800px down. */
export function ScrollToTopButton() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setVisible(window.scrollY > SCROLL_TO_TOP_AFTER_PX);
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

  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label="Scroll to top"
      onClick={() => {
        window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
        // The button disappears at the top; keep keyboard focus at the start of the page.
        document.getElementById('page-top')?.focus({ preventScroll: true });
      }}
      className="fixed right-4 bottom-20 z-30 flex size-12 items-center justify-center rounded-full bg-brand text-white shadow-lg hover:bg-brand-hover bar:bottom-6"
    >
      <ArrowUpIcon className="size-6" />
    </button>
  );
}
