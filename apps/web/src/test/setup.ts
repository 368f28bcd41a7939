import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { options } from 'preact';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from './network.ts';
import { allMessages } from '../lib/i18n/all-catalogs.ts';
import { createI18n, setPageI18n } from '../lib/i18n/i18n.tsx';

// Components render in English unless a test wraps them in an Arabic I18nProvider (decision 089).
setPageI18n(createI18n('en', allMessages('en')));

// jsdom does not implement scrolling; the layout scrolls on navigation.
window.scrollTo = vi.fn();

// jsdom has no media queries; the dashboard's chart library asks for them.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom's own stylesheet gives <wbr> no display, so an accessible name computed here gets a space
// where one stands ('dora@ example. com'); browsers read it as inline, 'dora@example.com'.
const inlineWbr = document.createElement('style');
inlineWbr.textContent = 'wbr { display: inline; }';

// jsdom 26 has <dialog> but not showModal() or close(). This stands in for what ui/dialog.tsx
// uses: the open attribute, focus on the first control, and Escape firing a cancelable `cancel`
// that closes unless cancelled. It does not make the page inert or keep Tab inside: the e2e
// journeys check those in Chromium (e2e/journeys/account-page.test.ts).
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    this.querySelector<HTMLElement>(
      '[autofocus], a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
    )?.focus();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    const dialog = Array.from(document.querySelectorAll('dialog[open]')).at(-1);
    if (event.key !== 'Escape' || !(dialog instanceof HTMLDialogElement)) return;
    if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
  });
}

// Every request a test makes is answered by the handlers it gave (test/network.ts).
beforeAll(() => server.listen());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// Without vitest globals, Testing Library cannot register its own clean-up.
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

// A chart unmounted before it drew still has its first draw queued on Node's timer (its clean-up
// clears jsdom's); let it run while the window is still there.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 0)));

// Preact runs effects after the next frame, with a 100 ms timer in case no frame comes; that timer
// calls cancelAnimationFrame, which is gone once a test file's window is torn down, so on a busy
// machine a late timer failed the run. Effects run after a plain timer instead.
options.requestAnimationFrame = (flush) => setTimeout(flush);

/*
 * The files of a worker share its window and its loaded packages (decision 117), not the app's
 * modules or what a file left on the page: each file starts from a blank document (this file runs
 * before each), with no cookie, storage or history entry of the file before, and imports the app's
 * modules afresh, so a module's state (a session, a cache, a queue) and a `vi.mock` start over too.
 */
function blankDocument() {
  for (const name of document.documentElement.getAttributeNames()) document.documentElement.removeAttribute(name);
  document.head.replaceChildren(inlineWbr);
  document.body.replaceChildren();
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  localStorage.clear();
  sessionStorage.clear();
  history.replaceState(null, '', '/');
}
blankDocument();
afterAll(() => vi.resetModules());
