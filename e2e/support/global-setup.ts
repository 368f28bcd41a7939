import path from 'node:path';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, expectPlaywrightFeaturesKept } from './chromium.ts';
import { startShop } from './shop.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    browserWsEndpoint: string;
    outboxDir: string;
  }
}

const MAX_LOG_LINES_SHOWN = 100;

/** Starts the real shop (npm start: built storefront + API + demo seed) and one Chromium. */
export default async function setup(project: TestProject) {
  const shop = await startShop(process.env.E2E_ENV ? (JSON.parse(process.env.E2E_ENV) as Record<string, string>) : {});

  let browser: BrowserServer | undefined;
  try {
    browser = await chromium.launchServer({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    expectPlaywrightFeaturesKept(browser.process().pid);
  } catch (error) {
    await browser?.close();
    await shop.stop();
    throw error;
  }

  project.provide('baseUrl', shop.baseUrl);
  project.provide('browserWsEndpoint', browser.wsEndpoint());
  project.provide('outboxDir', path.join(shop.dataDir, 'outbox'));

  return async () => {
    await browser?.close();
    await shop.stop();
    // A page test that met a 500 or a 503 is explained by what the shop said at that moment.
    const lines = shop.logLines();
    if (lines.length) {
      const shown = lines.slice(-MAX_LOG_LINES_SHOWN);
      console.warn(
        `The shop wrote ${lines.length} line(s) during the browser tests` +
          (shown.length < lines.length ? ` (the last ${shown.length}):` : ':') +
          `\n${shown.join('\n')}`,
      );
    }
  };
}
