import { useId } from 'react';

type StarRatingProps = { rating: number; className?: string };

const STAR_PATH =
  'M12 2.5l2.94 5.96 6.58.96-4.76 4.64 1.12 6.55L12 17.52l-5.88 3.09 1.12-6.55L2.48 9.42l6.58-.96L12 2.5z';

/** Rounds to the nearest half star, within 0–5. */
export function roundToHalf(rating: number): number {
  return Math.min(5, Math.max(0, Math.round(rating * 2) / 2));
}

export type StarFill = 'full' | 'half' | 'empty';

/** One decorative star, filled, half filled or outlined (the rating inputs and displays share it). */
export function StarIcon({ fill, className = 'h-4 w-4' }: { fill: StarFill; className?: string }) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" data-fill={fill}>
      {fill === 'half' && (
        <defs>
          <linearGradient id={gradientId}>
            <stop offset="50%" stopColor="currentColor" />
            <stop offset="50%" stopColor="transparent" />
          </linearGradient>
        </defs>
      )}
      <path
        d={STAR_PATH}
        className="text-amber-500"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
        fill={fill === 'full' ? 'currentColor' : fill === 'half' ? `url(#${gradientId})` : 'none'}
      />
    </svg>
  );
}

/** Five stars filled to the rating in half steps; read out as one image with its value. */
export function StarRating({ rating, className = '' }: StarRatingProps) {
  const rounded = roundToHalf(rating);
  return (
    <span
      role="img"
      aria-label={`Rated ${rounded} out of 5`}
      className={`inline-flex items-center gap-0.5 ${className}`}
    >
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon key={star} fill={rounded >= star ? 'full' : rounded >= star - 0.5 ? 'half' : 'empty'} />
      ))}
    </span>
  );
}
