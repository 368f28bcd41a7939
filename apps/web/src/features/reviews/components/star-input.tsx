import { useId, useRef, type KeyboardEvent } from 'react';
import { REVIEW_RATING_MAX, REVIEW_RATING_MIN } from '@bookshop/contracts/reviews';
import { useLocale, useT } from '../../../lib/i18n/i18n.tsx';
import { StarIcon } from '../../../ui/star-rating.tsx';

type StarInputProps = {
  label: string;
  /** 1–5, or undefined before the customer chose. */
  value: number | undefined;
  onChange: (rating: number) => void;
  onBlur?: () => void;
  error?: string;
};

const STARS = Array.from({ length: REVIEW_RATING_MAX - REVIEW_RATING_MIN + 1 }, (_, i) => REVIEW_RATING_MIN + i);

/**
 * Five stars as a radio group (WAI-ARIA radio pattern): one tab stop, the arrow keys move and
 * choose (right/up: more stars, left/down: fewer, Home/End: 1 and 5), Space chooses the focused
 * star, and a click chooses too. Each star reads "N stars"; the chosen one is aria-checked. On an
 * Arabic page the row runs right to left, so left (towards the later stars) is more there.
 */
export function StarInput({ label, value, onChange, onBlur, error }: StarInputProps) {
  const id = useId();
  const stars = useRef<(HTMLButtonElement | null)[]>([]);
  // The tab stop: the chosen star, or the first before any choice.
  const focusable = value ?? REVIEW_RATING_MIN;
  const t = useT();
  const rtl = useLocale() === 'ar';
  const starLabel = (count: number) => t('reviews.stars.count', { count });

  const choose = (rating: number) => {
    const next = Math.min(REVIEW_RATING_MAX, Math.max(REVIEW_RATING_MIN, rating));
    onChange(next);
    stars.current[next - REVIEW_RATING_MIN]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, star: number) => {
    const moves: Record<string, number> = {
      ArrowRight: rtl ? star - 1 : star + 1,
      ArrowUp: star + 1,
      ArrowLeft: rtl ? star + 1 : star - 1,
      ArrowDown: star - 1,
      Home: REVIEW_RATING_MIN,
      End: REVIEW_RATING_MAX,
      ' ': star,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    choose(target);
  };

  return (
    <div className="grid content-start gap-1.5">
      <span id={`${id}-label`} className="text-sm font-semibold text-stone-800">
        {label}
      </span>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
        aria-required="true"
        className="flex items-center gap-1"
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) onBlur?.();
        }}
      >
        {STARS.map((star) => (
          <button
            key={star}
            ref={(element) => {
              stars.current[star - REVIEW_RATING_MIN] = element;
            }}
            type="button"
            role="radio"
            aria-checked={value === star}
            aria-label={starLabel(star)}
            tabIndex={star === focusable ? 0 : -1}
            onClick={() => choose(star)}
            onKeyDown={(event) => onKeyDown(event, star)}
            className="inline-flex size-11 items-center justify-center rounded-md text-amber-500 hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
          >
            <StarIcon fill={value !== undefined && star <= value ? 'full' : 'empty'} className="size-8" />
          </button>
        ))}
        <span className="ms-2 text-sm text-stone-700" aria-hidden="true">
          {value ? starLabel(value) : t('reviews.stars.none')}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
