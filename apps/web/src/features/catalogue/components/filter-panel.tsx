import { useCallback, useId, type ReactNode } from 'react';
import { PRICE_SLIDER_MAX, PRICE_SLIDER_MIN } from '@bookshop/contracts/constants';
import { useGenres } from '../../../lib/api/get-genres.ts';
import type { BookFilterValues } from '../hooks/use-book-list-state.ts';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { useCatalogueText } from '../../../lib/i18n/catalogue-text.ts';
import { PriceRangeSlider } from './price-range-slider.tsx';
import { AuthorPicker } from './author-picker.tsx';

type FilterPanelProps = {
  values: BookFilterValues;
  onChange: (patch: BookFilterValues) => void;
  onReset: () => void;
  /** Hidden on the genre and author pages, whose route already fixes them. */
  showGenre?: boolean;
  showAuthor?: boolean;
  /** In the phone's filter sheet: no frame or heading; the sheet has its title and its own buttons. */
  inSheet?: boolean;
};

const control = 'h-10 w-full rounded-md border border-stone-300 bg-white px-2 text-sm';

export function FilterPanel({
  values,
  onChange,
  onReset,
  showGenre = true,
  showAuthor = true,
  inSheet = false,
}: FilterPanelProps) {
  const headingId = useId();
  const t = useT();
  const commitPrice = useCallback(
    ([low, high]: readonly [number, number]) =>
      onChange({
        minPrice: low > PRICE_SLIDER_MIN ? low : undefined,
        maxPrice: high < PRICE_SLIDER_MAX ? high : undefined,
      }),
    [onChange],
  );

  return (
    <section
      aria-labelledby={inSheet ? undefined : headingId}
      className={`flex flex-col gap-5 ${inSheet ? '' : 'rounded-lg border border-stone-200 bg-white p-4'}`}
    >
      {!inSheet && (
        <div className="flex items-center justify-between">
          <h2 id={headingId} className="text-lg font-semibold text-stone-900">
            {t('browser.filters')}
          </h2>
          <ResetButton onReset={onReset} />
        </div>
      )}
      {showGenre && <GenreSelect value={values.genre} onChange={(genre) => onChange({ genre })} />}
      {showAuthor && <AuthorPicker value={values.author} onChange={(author) => onChange({ author })} />}
      <PriceRangeSlider
        min={PRICE_SLIDER_MIN}
        max={PRICE_SLIDER_MAX}
        value={[values.minPrice ?? PRICE_SLIDER_MIN, values.maxPrice ?? PRICE_SLIDER_MAX]}
        onCommit={commitPrice}
      />
      <Checkbox checked={values.filterInStock ?? false} onChange={(on) => onChange({ filterInStock: on || undefined })}>
        {t('filters.inStock')}
      </Checkbox>
      <Checkbox checked={values.hasDiscount ?? false} onChange={(on) => onChange({ hasDiscount: on || undefined })}>
        {t('filters.discounted')}
      </Checkbox>
    </section>
  );
}

function ResetButton({ onReset }: { onReset: () => void }) {
  const t = useT();
  return (
    <button
      type="button"
      onClick={onReset}
      className="rounded-md px-2 py-1 text-sm font-medium text-stone-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-stone-900"
    >
      {t('browser.resetFilters')}
    </button>
  );
}

type NameSelectProps = { value: string | undefined; onChange: (value: string | undefined) => void };

function GenreSelect({ value, onChange }: NameSelectProps) {
  const genres = useGenres();
  const t = useT();
  return (
    <NameSelect
      label={t('filters.genre')}
      allLabel={t('filters.allGenres')}
      named={genres.data}
      value={value}
      onChange={onChange}
    />
  );
}

type NameSelectFieldProps = NameSelectProps & {
  label: string;
  allLabel: string;
  named: readonly { name: string; nameAr?: string | null }[] | undefined;
};

/**
 * The value is the English name (the list's filter and address); the option shows the page's language.
 * Genres are few enough for a select; authors are not, and have a picker (decision 097).
 */
function NameSelect({ label, allLabel, named, value, onChange }: NameSelectFieldProps) {
  const id = useId();
  const text = useCatalogueText();
  const names = named?.map((item) => item.name);
  const shown = new Map(named?.map((item) => [item.name, text.name(item)]));
  // A shared link may name a value the list does not hold (yet); keep it selectable so it shows.
  const options =
    names && value && !names.some((n) => n.toLowerCase() === value.toLowerCase()) ? [value, ...names] : names;
  const selected = options?.find((n) => n.toLowerCase() === value?.toLowerCase()) ?? value ?? '';
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-900">
        {label}
      </label>
      <select
        id={id}
        className={control}
        value={selected}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">{allLabel}</option>
        {(options ?? (value ? [value] : [])).map((name) => (
          <option key={name} value={name}>
            {shown.get(name) ?? name}
          </option>
        ))}
      </select>
    </div>
  );
}

type CheckboxProps = { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode };

function Checkbox({ checked, onChange, children }: CheckboxProps) {
  return (
    <label className="flex cursor-pointer items-center gap-2 text-sm text-stone-900">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="h-4 w-4 accent-stone-900"
      />
      {children}
    </label>
  );
}
