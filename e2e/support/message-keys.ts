import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/*
 * The storefront's message keys (apps/web/src/lib/i18n/catalogs/<area>/en.json). A page whose
 * route did not load a message's area shows the key instead of text (decision 092): the Arabic
 * journeys look for any key on every page they visit.
 */
const catalogs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/lib/i18n/catalogs');
const KEYS = readdirSync(catalogs).flatMap((area) =>
  Object.keys(JSON.parse(readFileSync(path.join(catalogs, area, 'en.json'), 'utf8')) as Record<string, string>),
);

/** Fails when the page's text or its labels show a message key. */
export async function expectNoMessageKeys(page: Page) {
  const text = await page.evaluate(() => {
    const labels = Array.from(document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')).flatMap(
      (element) => ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''),
    );
    return [document.title, document.body.innerText, ...labels].join('\n');
  });
  const words = new Set(text.split(/[\s"'«»“”(),:;!?،]+/));
  expect(
    KEYS.filter((key) => words.has(key)),
    `message keys shown on ${page.url()}`,
  ).toEqual([]);
}
