import { describe, expect, it } from 'vitest';
import { pageButtons, pageWindow } from './page-window.ts';

describe('pageWindow', () => {
  it.each([
    [1, 20, [1, 2, 3, 4, 5]],
    [2, 20, [1, 2, 3, 4, 5]],
    [3, 20, [1, 2, 3, 4, 5]],
    [4, 20, [2, 3, 4, 5, 6]],
    [10, 20, [8, 9, 10, 11, 12]],
    [19, 20, [16, 17, 18, 19, 20]],
    [20, 20, [16, 17, 18, 19, 20]],
    [2, 3, [1, 2, 3]],
    [1, 1, [1]],
    [1, 0, []],
  ])('page %i of %i shows %j', (current, total, expected) => {
    expect(pageWindow(current, total, 5)).toEqual(expected);
  });
});

describe('pageButtons', () => {
  const narrowPages = (current: number, total: number) =>
    pageButtons(current, total, 5)
      .filter((button) => !button.wide)
      .map((button) => button.page);

  it.each([
    [1, 20, [1, 2, 3]],
    [2, 20, [1, 2, 3]],
    [10, 20, [9, 10, 11]],
    [20, 20, [18, 19, 20]],
    [2, 2, [1, 2]],
  ])('page %i of %i keeps %j on a phone', (current, total, expected) => {
    expect(narrowPages(current, total)).toEqual(expected);
  });

  it('marks the rest of the five as wide-screen only, in page order', () => {
    expect(pageButtons(10, 20, 5)).toEqual([
      { page: 8, wide: true },
      { page: 9, wide: false },
      { page: 10, wide: false },
      { page: 11, wide: false },
      { page: 12, wide: true },
    ]);
  });
});
