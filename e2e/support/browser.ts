import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContext, chromium, type Page, type Response } from 'playwright-core';
import { afterAll, expect, inject } from 'vitest';

const require = createRequire(import.meta.url);
export const baseUrl = inject('baseUrl');

let browser: Browser | undefined;
const contexts: BrowserContext[] = [];

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/**
 * A fresh browser context (own cookies and storage) and page, like a new visitor; `timezoneId`
 * puts the visitor somewhere else than the server (which runs in this machine's zone).
 */
export async function newPage(options: { width?: number; height?: number; timezoneId?: string } = {}): Promise<Page> {
  browser ??= await chromium.connect(inject('browserWsEndpoint'));
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: options.width ?? 1366, height: options.height ?? 900 },
    locale: 'en-GB',
    timezoneId: options.timezoneId,
  });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  // Pages arrive server-rendered: what a test clicks may be on screen before it answers. A visit
  // waits until the app has hydrated (root-layout.tsx marks <html>), as a person would wait for it.
  const hydrated = async (response: Response | null) => {
    const isShopPage =
      response?.headers()['content-type']?.startsWith('text/html') &&
      !new URL(response.url()).pathname.startsWith('/api/');
    if (isShopPage) await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    return response;
  };
  const [goto, reload] = [page.goto.bind(page), page.reload.bind(page)];
  page.goto = async (...args) => hydrated(await goto(...args));
  page.reload = async (...args) => hydrated(await reload(...args));
  return page;
}

/** Runs axe-core in the page and fails on serious or critical violations. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // Evaluated over the DevTools protocol: the shop's CSP rightly refuses an injected <script>.
  await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
          ) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help} → ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      );
  });
  expect(violations).toEqual([]);
}
