import { useId, useState } from 'react';
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

/** The chart's height in px; bars use the part above the day labels. */
const HEIGHT = 256;
const PLOT_TOP = 8;
const PLOT_BOTTOM = HEIGHT - 28;
const AXIS_WIDTH = 64;
const GRID_LINES = 4;

const axisNumber = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** A round step (1, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten) so that GRID_LINES steps reach `max`. */
function gridStep(max: number): number {
  const raw = max / GRID_LINES;
  if (raw <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 2.5, 3, 4, 5, 6, 8, 10].find((factor) => factor * magnitude >= raw)! * magnitude;
}

/**
 * Revenue per Dubai day as bars, drawn as SVG from attributes and classes only: the shop's CSP
 * (style-src 'self') blocks style attributes, which a charting library sets (docs/decisions/059).
 * Heights are in px, positions along the days in %, so the bars fill any width and the text keeps
 * its size. The same figures are a table behind a toggle: the chart is one image with a text
 * summary, the table is what a screen reader or a reader who wants exact numbers uses.
 */
export function RevenueChart({ days }: { days: RevenueByDay }) {
  const tableId = useId();
  const [showTable, setShowTable] = useState(false);
  const step = gridStep(Math.max(0, ...days.map((day) => day.revenue)));
  const top = step * GRID_LINES;
  const yOf = (value: number) => PLOT_BOTTOM - ((PLOT_BOTTOM - PLOT_TOP) * value) / top;
  const ticks = Array.from({ length: GRID_LINES + 1 }, (_, i) => i * step);
  const slot = 100 / Math.max(days.length, 1);
  // Thirty labels do not fit on a phone: show every fifth.
  const labelled = (index: number) => days.length <= 10 || index % 5 === 0;

  return (
    <div className="grid gap-3">
      <div role="img" aria-label={revenueSummary(days)} className="flex h-64 w-full">
        <svg width={AXIS_WIDTH} height={HEIGHT} className="shrink-0" aria-hidden="true">
          {ticks.map((tick) => (
            <text
              key={tick}
              x={AXIS_WIDTH - 8}
              y={yOf(tick)}
              textAnchor="end"
              dominantBaseline="middle"
              className="fill-stone-600 text-xs"
            >
              {axisNumber.format(tick)}
            </text>
          ))}
        </svg>
        <svg width="100%" height={HEIGHT} className="min-w-0 flex-1" aria-hidden="true">
          {ticks.map((tick) => (
            <line key={tick} x1="0" x2="100%" y1={yOf(tick)} y2={yOf(tick)} className="stroke-stone-200" />
          ))}
          {days.map((day, index) => (
            <rect
              key={day.date}
              x={`${(index + 0.2) * slot}%`}
              width={`${slot * 0.6}%`}
              y={yOf(day.revenue)}
              height={PLOT_BOTTOM - yOf(day.revenue)}
              className="fill-brand"
            >
              <title>{`${formatDay(day.date)}: ${formatPrice(day.revenue)}`}</title>
            </rect>
          ))}
          {days.map((day, index) =>
            labelled(index) ? (
              <text
                key={day.date}
                x={`${(index + 0.5) * slot}%`}
                y={HEIGHT - 8}
                textAnchor="middle"
                className="fill-stone-600 text-xs"
              >
                {formatDay(day.date, { year: false })}
              </text>
            ) : null,
          )}
        </svg>
      </div>
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
