import path from 'node:path';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, startShop } from './shop.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    browserWsEndpoint: string;
    outboxDir: string;
  }
}

/** Starts the real shop (npm start: built storefront + API + demo seed) and one Chromium. */
export default async function setup(project: TestProject) {
  const shop = await startShop(process.env.E2E_ENV ? (JSON.parse(process.env.E2E_ENV) as Record<string, string>) : {});

  let browser: BrowserServer | undefined;
  try {
    browser = await chromium.launchServer({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
  } catch (error) {
    await shop.stop();
    throw error;
  }

  project.provide('baseUrl', shop.baseUrl);
  project.provide('browserWsEndpoint', browser.wsEndpoint());
  project.provide('outboxDir', path.join(shop.dataDir, 'outbox'));

  return async () => {
    await browser?.close();
    await shop.stop();
  };
}
