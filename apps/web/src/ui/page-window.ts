/**
 * The page numbers to show as buttons: `count` consecutive pages around `current`, shifted at the
 * edges so the window stays full when there are enough pages.
 */
export function pageWindow(current: number, totalPages: number, count: number): number[] {
  if (totalPages < 1) return [];
  const size = Math.min(count, totalPages);
  const start = Math.min(Math.max(current - Math.floor(size / 2), 1), totalPages - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/**
 * On a phone the pager shows this many page numbers, so 'Previous', the numbers and 'Next' share
 * one line from 320 px up (five numbers and both words need about 380 px).
 */
export const NARROW_PAGE_BUTTONS = 3;

/**
 * The buttons of `pageWindow(current, totalPages, count)`, each marked `wide` when it belongs only
 * to the full window: on narrow screens those are hidden and the `narrowCount` pages around the
 * current one remain (a window of its own, shifted at the edges the same way).
 */
export function pageButtons(
  current: number,
  totalPages: number,
  count: number,
  narrowCount = NARROW_PAGE_BUTTONS,
): { page: number; wide: boolean }[] {
  const narrow = new Set(pageWindow(current, totalPages, Math.min(narrowCount, count)));
  return pageWindow(current, totalPages, count).map((page) => ({ page, wide: !narrow.has(page) }));
}

/** Which records a page shows, counted from 1: 'Showing 11–20 of 45'. */
export function shownRange({
  currentPage,
  pageSize,
  noOfRecords,
}: {
  currentPage: number;
  pageSize: number;
  noOfRecords: number;
}) {
  const first = (currentPage - 1) * pageSize + 1;
  const last = Math.min(currentPage * pageSize, noOfRecords);
  return { first, last, count: noOfRecords };
}
