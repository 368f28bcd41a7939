import { useEffect, useRef, type RefObject } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/**
 * After a navigation: scroll to the top unless the new address has a query string (filters and
 * paging keep their place), and leave back/forward to the browser's own scroll restoration.
 * When the page itself changed, focus moves to the main content so screen-reader and keyboard
 * users start on the new page instead of on the link they followed.
 */
export function useRouteChangeEffects(main: RefObject<HTMLElement | null>) {
  const { pathname, search } = useLocation();
  const navigationType = useNavigationType();
  const previousPathname = useRef(pathname);

  useEffect(() => {
    if (!search && navigationType !== NavigationType.Pop) window.scrollTo(0, 0);
    if (previousPathname.current !== pathname) {
      previousPathname.current = pathname;
      main.current?.focus({ preventScroll: true });
    }
  }, [pathname, search, navigationType, main]);
}
