import { useEffect, useId, useState } from 'react';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { useFormat } from '../../../lib/i18n/format.ts';
import { BarFill } from '../../../ui/bar-fill.tsx';

type PriceRange = readonly [number, number];

type PriceRangeSliderProps = {
  min: number;
  max: number;
  value: PriceRange;
  /** Called once the thumbs have rested for `commitDelayMs`, not on every pixel of a drag. */
  onCommit: (range: PriceRange) => void;
  commitDelayMs?: number;
};

// Two native range inputs stacked on one track: only their thumbs take the pointer, so each can be
// dragged while keyboards and screen readers get two ordinary sliders.
const thumb =
  'pointer-events-none absolute inset-x-0 top-1/2 h-0 w-full -translate-y-1/2 appearance-none bg-transparent focus-visible:outline-none ' +
  '[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:h-5 [&::-webkit-slider-thumb]:w-5 [&::-webkit-slider-thumb]:cursor-grab [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-stone-900 [&::-webkit-slider-thumb]:bg-white ' +
  'focus-visible:[&::-webkit-slider-thumb]:ring-4 focus-visible:[&::-webkit-slider-thumb]:ring-amber-400 ' +
  '[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:h-5 [&::-moz-range-thumb]:w-5 [&::-moz-range-thumb]:cursor-grab [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-stone-900 [&::-moz-range-thumb]:bg-white ' +
  'focus-visible:[&::-moz-range-thumb]:ring-4 focus-visible:[&::-moz-range-thumb]:ring-amber-400';

export function PriceRangeSlider({ min, max, value, onCommit, commitDelayMs = 500 }: PriceRangeSliderProps) {
  const [low, high] = value;
  const [draft, setDraft] = useState<PriceRange>(value);
  const labelId = useId();
  const t = useT();
  const { price: formatPrice } = useFormat();

  // Follow outside changes (reset button, back button) to the committed range.
  useEffect(() => setDraft([low, high]), [low, high]);

  useEffect(() => {
    if (draft[0] === low && draft[1] === high) return;
    const timer = setTimeout(() => onCommit(draft), commitDelayMs);
    return () => clearTimeout(timer);
  }, [draft, low, high, onCommit, commitDelayMs]);

  const [draftLow, draftHigh] = draft;
  const percent = (price: number) => ((price - min) / (max - min)) * 100;
  const describe = (price: number) =>
    price >= max ? t('filters.orMore', { price: formatPrice(max) }) : formatPrice(price);
  const display = (price: number) => t(price >= max ? 'filters.wholePriceOrMore' : 'filters.wholePrice', { price });

  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-col gap-3">
      <div className="flex items-center justify-between">
        <span id={labelId} className="text-sm font-medium text-stone-900">
          {t('filters.price')}
        </span>
        <output className="text-sm text-stone-700" aria-live="polite">
          {display(draftLow)} – {display(draftHigh)}
        </output>
      </div>
      <div className="relative h-6">
        <div className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-stone-200" />
        <BarFill
          from={percent(draftLow)}
          to={percent(draftHigh)}
          radius={3}
          fill="fill-stone-900"
          // The native sliders run right to left on an Arabic page; the drawn range follows them.
          className="absolute inset-x-0 top-1/2 h-1.5 w-full -translate-y-1/2 rtl:-scale-x-100"
        />
        <input
          type="range"
          aria-label={t('filters.minPrice')}
          aria-valuetext={describe(draftLow)}
          min={min}
          max={max}
          step={1}
          value={draftLow}
          onChange={(event) => setDraft([Math.min(Number(event.target.value), draftHigh), draftHigh])}
          // When both thumbs sit at the top end, the lower one must be on top or it could never move.
          className={`${thumb} ${draftLow > max - (max - min) / 10 ? 'z-20' : 'z-10'}`}
        />
        <input
          type="range"
          aria-label={t('filters.maxPrice')}
          aria-valuetext={describe(draftHigh)}
          min={min}
          max={max}
          step={1}
          value={draftHigh}
          onChange={(event) => setDraft([draftLow, Math.max(Number(event.target.value), draftLow)])}
          className={`${thumb} z-10`}
        />
      </div>
    </div>
  );
}
