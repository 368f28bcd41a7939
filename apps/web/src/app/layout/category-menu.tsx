import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { ChevronDownIcon } from '../../ui/icons.tsx';
import { LazyGenreDirectory } from './lazy-genre-directory.tsx';
import { useLocale, useT } from '../../lib/i18n/i18n.tsx';

const focusableLinks = (panel: HTMLElement | null) => Array.from(panel?.querySelectorAll<HTMLElement>('a[href]') ?? []);

/**
 * 'Shop by Category': a disclosure button opening a wide panel of genres. Click, Enter or Space
 * opens it; from the keyboard, focus moves to the first genre and the arrow keys move between
 * genres. Escape closes it and returns focus to the button; so does a click outside or tabbing
 * away.
 */
export function CategoryMenu() {
  const [open, setOpen] = useState(false);
  const [focusFirst, setFocusFirst] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const { pathname } = useLocation();
  const t = useT();
  // Right to left, the next link is to the left (decision 089).
  const [forward, backward] = useLocale() === 'ar' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft'];

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // Genres may still be loading when the menu opens; keep trying until a link is there.
  useEffect(() => {
    if (!open || !focusFirst || !panel.current) return;
    const tryFocus = () => {
      const first = focusableLinks(panel.current)[0];
      if (!first) return false;
      first.focus();
      setFocusFirst(false);
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) observer.disconnect();
    });
    observer.observe(panel.current, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [open, focusFirst]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    setFocusFirst(false);
    if (returnFocus) button.current?.focus();
  };

  const onButtonClick = (event: MouseEvent) => {
    // detail is 0 when Enter or Space "clicked" the button: then focus goes into the menu.
    const fromKeyboard = event.detail === 0;
    setOpen((wasOpen) => !wasOpen);
    setFocusFirst(!open && fromKeyboard);
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setFocusFirst(true);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
      return;
    }
    if (!panel.current?.contains(event.target as Node)) return;
    const links = focusableLinks(panel.current);
    const index = links.indexOf(document.activeElement as HTMLElement);
    const target =
      event.key === 'ArrowDown' || event.key === forward
        ? links[Math.min(index + 1, links.length - 1)]
        : event.key === 'ArrowUp' || event.key === backward
          ? links[Math.max(index - 1, 0)]
          : event.key === 'Home'
            ? links[0]
            : event.key === 'End'
              ? links.at(-1)
              : undefined;
    if (target) {
      event.preventDefault();
      target.focus();
    }
  };

  return (
    // Arrow keys, Home and End move between the menu's links (its buttons and links do the rest).
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={container}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (open && next && !container.current?.contains(next)) close(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
        className="inline-flex min-h-11 items-center gap-1 rounded-md px-3 text-sm font-semibold text-stone-800 hover:bg-stone-100 aria-expanded:bg-stone-100"
      >
        {t('nav.shopByCategory')}
        <ChevronDownIcon
          className={`size-4 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <div
        ref={panel}
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-5rem)] overflow-y-auto border-b border-stone-200 bg-white shadow-xl"
      >
        {open && (
          <div className="container-page py-6">
            <p className="mb-4 text-xs font-semibold tracking-wider text-stone-700 uppercase">
              {t('nav.categoriesAtoZ')}
            </p>
            <LazyGenreDirectory columns onNavigate={() => close(false)} />
          </div>
        )}
      </div>
    </div>
  );
}
