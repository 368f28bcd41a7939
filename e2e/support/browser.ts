import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContext, chromium, type Page, type Response } from 'playwright-core';
import { afterAll, afterEach, expect, inject } from 'vitest';
import { clientAddress } from './client-address.ts';

const require = createRequire(import.meta.url);
export const baseUrl = inject('baseUrl');

let browser: Browser | undefined;
const contexts: BrowserContext[] = [];

afterAll(async () => {
  // A message that arrived after the file's last test still fails the file.
  const unexpected = takeConsoleProblems();
  for (const context of contexts) await context.close();
  await browser?.close();
  expect(unexpected, 'console errors or warnings no test expected').toEqual([]);
});

/*
 * Quiet consoles (issue 21): every page a journey opens is watched, and a test fails when any page
 * logged an error or a warning (CSP violations and failed loads included, which Chromium reports
 * there), threw an uncaught error, or had a request fail. A test that provokes one on purpose says
 * so with `expectConsoleMessage`, which also fails when the message never comes.
 */
interface Allowance {
  pattern: RegExp;
  reason: string;
  seen: boolean;
}
interface Watched {
  page: Page;
  problems: string[];
  allowances: Allowance[];
}
const watched: Watched[] = [];

function watch(page: Page) {
  const entry: Watched = { page, problems: [], allowances: [] };
  watched.push(entry);
  const where = () => {
    try {
      const url = new URL(page.url());
      return url.pathname + url.search;
    } catch {
      return page.url();
    }
  };
  const report = (problem: string) => {
    const allowance = entry.allowances.find((a) => a.pattern.test(problem));
    if (allowance) allowance.seen = true;
    else entry.problems.push(`on ${where()}: ${problem}`);
  };
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const source = message.location().url;
    report(`console.${message.type()} ${message.text()}${source ? ` (${source})` : ''}`);
  });
  page.on('pageerror', (error) => report(`uncaught ${error.name}: ${error.message}`));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? 'failed';
    // The page's own cancellation (an AbortSignal, a navigation that replaces the page) is not a failure.
    if (failure === 'net::ERR_ABORTED') return;
    report(`request failed ${request.method()} ${request.url()} (${failure})`);
  });
}

/**
 * Allows one kind of console message, page error or failed request on `page` for the rest of the
 * current test, because the test provokes it (`reason` says how); the test fails if it never comes.
 */
export function expectConsoleMessage(page: Page, pattern: RegExp, reason: string) {
  const entry = watched.find((w) => w.page === page);
  if (!entry) throw new Error('expectConsoleMessage: the page was not opened with newPage()');
  if (!reason.trim()) throw new Error('expectConsoleMessage: say why the message is expected');
  entry.allowances.push({ pattern, reason, seen: false });
}

/**
 * Chromium logs every 4xx or 5xx answer as 'Failed to load resource'; a test that provokes one on
 * purpose (an unknown page, a wrong password) names its status and path with the reason.
 */
export function expectFailedLoad(page: Page, status: number, path: string, reason: string) {
  const url = new URL(path, baseUrl).href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  expectConsoleMessage(page, new RegExp(`Failed to load resource: .* status of ${status} .*\\(${url}\\)$`), reason);
}

function takeConsoleProblems() {
  const problems: string[] = [];
  for (const entry of watched) {
    problems.push(...entry.problems.splice(0));
    for (const a of entry.allowances.splice(0))
      if (!a.seen) problems.push(`expected but never logged: ${String(a.pattern)} (${a.reason})`);
  }
  return problems;
}

afterEach(() => {
  expect(takeConsoleProblems(), 'console errors or warnings no test expected').toEqual([]);
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
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() },
  });
  contexts.push(context);
  context.on('page', watch); // every page of the context, pop-ups included
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

/**
 * Opens `path` as a visitor far from the server (another time zone) and fails if hydrating changed
 * anything the server rendered in #root; answers the page, open.
 */
export async function expectHydratedAsServed(path: string): Promise<Page> {
  const page = await newPage({ timezoneId: 'America/Los_Angeles' });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const sent = await (await fetch(new URL(path, baseUrl))).text();
  const [sentRoot, hydratedRoot] = await page.evaluate((html) => {
    const root = new DOMParser().parseFromString(html, 'text/html').getElementById('root')!.innerHTML;
    return [root, document.getElementById('root')!.innerHTML];
  }, sent);
  expect(hydratedRoot, path).toBe(sentRoot);
  return page;
}
