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
