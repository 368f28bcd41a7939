import { useEffect, useRef } from 'react';
import { Outlet } from 'react-router';
import { ModalHost } from '../../ui/modal.tsx';
import { Toaster } from '../../ui/toast.tsx';
import { modalRegistry } from '../modal-registry.ts';
import { BottomBar } from './bottom-bar.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { NavigationProgress } from './navigation-progress.tsx';
import { ScrollToTopButton } from './scroll-to-top-button.tsx';
import { TestModeRibbon } from './test-mode-ribbon.tsx';
import { useRouteChangeEffects } from './use-route-change-effects.ts';
import { useTableAriaRoles } from './use-table-aria-roles.ts';
import { useT } from '../../lib/i18n/i18n.tsx';

export function RootLayout() {
  const main = useRef<HTMLElement>(null);
  useRouteChangeEffects(main);
  useTableAriaRoles(main);
  const t = useT();
  // The page answers input from here on (hydrated, or rendered in the browser); the browser suite
  // waits for this rather than for a fixed time.
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), []);

  return (
    <div id="page-top" tabIndex={-1} className="flex min-h-dvh flex-col pb-16 outline-none bar:pb-0">
      <a
        href="#main-content"
        className="sr-only z-[80] rounded-md bg-white px-4 py-2 font-semibold text-stone-900 shadow focus:not-sr-only focus:fixed focus:top-2 focus:start-2"
      >
        {t('shell.skipToContent')}
      </a>
      <NavigationProgress />
      <TestModeRibbon />
      <Header />
      <main id="main-content" ref={main} tabIndex={-1} className="container-page w-full flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
      <ScrollToTopButton />
      <BottomBar />
      <Toaster />
      <ModalHost registry={modalRegistry} />
    </div>
  );
}
