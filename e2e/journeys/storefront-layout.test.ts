import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from '../support/browser.ts';

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

/** Every card button with how many lines its text takes, its height and whether its text overflows. */
function cardButtons(page: Page) {
  return page.locator('main article').evaluateAll((cards) =>
    cards.flatMap((card) =>
      Array.from(card.querySelectorAll<HTMLElement>('button, a[href="/login"]')).map((button) => {
        const range = document.createRange();
        range.selectNodeContents(button);
        const lineTops = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
        return {
          text: button.textContent,
          lines: lineTops.size,
          height: button.getBoundingClientRect().height,
          overflows: button.scrollWidth > button.clientWidth,
        };
      }),
    ),
  );
}

describe('storefront layout', () => {
  // 360–390: phones; 1024–1366: where the buttons used to wrap; 650, 768, 1800: the grid's other edges.
  it.each([360, 390, 650, 768, 1024, 1180, 1280, 1366, 1800])(
    "keeps 'ADD TO CART' and 'LOGIN TO ADD WISHLIST' on one line at %i px",
    async (width) => {
      const page = await newPage({ width, height: 900 });
      await page.goto('/?pageSize=25');
      await page.locator('main article').nth(24).waitFor();
      const buttons = await cardButtons(page);
      expect(buttons.filter((b) => b.text === 'ADD TO CART')).toHaveLength(25);
      expect(buttons.filter((b) => b.text === 'LOGIN TO ADD WISHLIST')).toHaveLength(25);
      // One line of 12px text in a button of min-height 36px: two lines would make it taller or tally two tops.
      for (const button of buttons) expect(button).toMatchObject({ lines: 1, height: 36, overflows: false });
    },
  );

  it('on a 390px phone, puts the scroll-to-top button in the bottom bar, covering no card text', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/?pageSize=25');
    await page.locator('main article').nth(24).waitFor();
    const toTop = page.getByRole('button', { name: 'Scroll to top' });
    await expect(toTop.count()).resolves.toBe(0);

    await page.mouse.wheel(0, 1200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
    await toTop.waitFor();
    // Only one is shown: the floating one is hidden on phones.
    await expect(toTop.count()).resolves.toBe(1);

    const bar = page.getByRole('navigation', { name: 'Quick links' });
    const buttonBox = (await toTop.boundingBox())!;
    expect(inside(buttonBox, (await bar.boundingBox())!)).toBe(true);
    for (const item of await bar.getByRole('link').all()) {
      expect(overlaps(buttonBox, (await item.boundingBox())!)).toBe(false);
    }

    // At several scroll positions, no card text visible between header and bar lies under the button.
    for (let step = 0; step < 6; step++) {
      const box = (await toTop.boundingBox())!;
      const covered = await page.locator('main article').evaluateAll((cards, button) => {
        const barTop = document.querySelector('nav[aria-label="Quick links"]')!.getBoundingClientRect().top;
        // The sticky header covers what scrolls under it, as it should.
        const headerBottom = document.querySelector('header')!.getBoundingClientRect().bottom;
        return cards
          .flatMap((card) => Array.from(card.querySelectorAll<HTMLElement>('h3, p, li, a, button, span')))
          .filter((el) => el.innerText.trim() !== '')
          .filter((el) => {
            const r = el.getBoundingClientRect();
            const top = Math.max(r.top, headerBottom);
            const bottom = Math.min(r.bottom, barTop);
            return (
              r.width > 1 &&
              top < bottom &&
              r.left < button.x + button.width &&
              button.x < r.right &&
              top < button.y + button.height &&
              button.y < bottom
            );
          })
          .map((el) => el.innerText.trim());
      }, box);
      expect(covered).toEqual([]);
      await page.mouse.wheel(0, 150);
      await page.waitForTimeout(100);
    }

    await toTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await toTop.waitFor({ state: 'detached' });
  });

  it('shows the round scroll-to-top button in the corner from 650px up', async () => {
    const page = await newPage({ width: 1024, height: 800 });
    await page.goto('/?pageSize=25');
    await page.locator('main article').nth(24).waitFor();
    await page.mouse.wheel(0, 1200);
    const toTop = page.getByRole('button', { name: 'Scroll to top' });
    await toTop.waitFor();
    await expect(toTop.count()).resolves.toBe(1);
    const box = (await toTop.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1024);
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    await expect(page.getByRole('navigation', { name: 'Quick links' }).isVisible()).resolves.toBe(false);
  });
});
