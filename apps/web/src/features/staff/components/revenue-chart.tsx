import { useEffect, useId, useRef, useState } from 'react';
import { BarChart } from 'chartist';
import 'chartist/dist/index.css';
import type { Dashboard } from '@bookshop/contracts/dashboard';
import { formatPrice } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';

type RevenueByDay = Dashboard['revenueByDay'];

/** '2026-11-23' → '23/11/2026' (en-GB), without a time zone shift: it is already a Dubai date. */
export function formatDay(date: string, { year = true }: { year?: boolean } = {}): string {
  const [y, m, d] = date.split('-');
  return year ? `${d}/${m}/${y}` : `${d}/${m}`;
}

/** What the chart shows, in words, for a screen reader (the chart itself is an image). */
export function revenueSummary(days: RevenueByDay): string {
  if (days.length === 0) return 'No days in this range.';
  const total = days.reduce((sum, day) => sum + day.revenue, 0);
  const best = days.reduce((top, day) => (day.revenue > top.revenue ? day : top), days[0]!);
  const range =
    days.length === 1
      ? `on ${formatDay(days[0]!.date)}`
      : `from ${formatDay(days[0]!.date)} to ${formatDay(days.at(-1)!.date)}`;
  return best.revenue === 0
    ? `Revenue per day ${range}: no sales.`
    : `Revenue per day ${range}: ${formatPrice(total)} in all; the best day was ${formatDay(best.date)} with ${formatPrice(best.revenue)}.`;
}

/**
 * Revenue per Dubai day as bars (chartist, SVG), with the same figures as a table behind a toggle:
 * the chart is one image with a text summary, the table is what a screen reader or a reader who
 * wants exact numbers uses.
 */
export function RevenueChart({ days }: { days: RevenueByDay }) {
  const chart = useRef<HTMLDivElement>(null);
  const tableId = useId();
  const [showTable, setShowTable] = useState(false);

  useEffect(() => {
    const container = chart.current;
    if (!container) return;
    const bars = new BarChart(
      container,
      { labels: days.map((day) => formatDay(day.date, { year: false })), series: [days.map((day) => day.revenue)] },
      {
        // A number: the SVG's own height attribute sizes it, since the CSP drops chartist's inline style.
        height: 256,
        // Thirty labels do not fit on a phone: show every fifth.
        axisX: {
          labelInterpolationFnc: (label: string | number, index: number) =>
            days.length > 10 && index % 5 ? '' : label,
        },
      },
    );
    return () => {
      bars.detach();
    };
  }, [days]);

  return (
    <div className="grid gap-3">
      <div
        ref={chart}
        role="img"
        aria-label={revenueSummary(days)}
        className="h-64 w-full [&_.ct-bar]:stroke-brand! [&_svg]:h-64 [&_svg]:w-full"
      />
      <Button
        variant="secondary"
        size="sm"
        className="justify-self-start"
        aria-expanded={showTable}
        aria-controls={tableId}
        onClick={() => setShowTable((shown) => !shown)}
      >
        {showTable ? 'Hide table' : 'Show as table'}
      </Button>
      <div id={tableId} hidden={!showTable} className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Revenue per day</caption>
          <thead className="bg-stone-100 text-stone-800">
            <tr>
              <th scope="col" className="px-3 py-2">
                Day
              </th>
              <th scope="col" className="px-3 py-2">
                Revenue
              </th>
              <th scope="col" className="px-3 py-2">
                Paid orders
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row" className="px-3 py-2 font-normal whitespace-nowrap">
                  {formatDay(day.date)}
                </th>
                <td className="px-3 py-2 tabular-nums">{formatPrice(day.revenue)}</td>
                <td className="px-3 py-2 tabular-nums">{day.paidOrders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
