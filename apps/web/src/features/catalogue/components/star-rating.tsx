import { useId } from 'react';

type StarRatingProps = { rating: number; className?: string };

const STAR_PATH =
  'M12 2.5l2.94 5.96 6.58.96-4.76 4.64 1.12 6.55L12 17.52l-5.88 3.09 1.12-6.55L2.48 9.42l6.58-.96L12 2.5z';

/** Rounds to the nearest half star, within 0–5. */
export function roundToHalf(rating: number): number {
  return Math.min(5, Math.max(0, Math.round(rating * 2) / 2));
}

/** Five stars filled to the rating in half steps; read out as one image with its value. */
export function StarRating({ rating, className = '' }: StarRatingProps) {
  const rounded = roundToHalf(rating);
  const gradientId = useId();
  return (
    <span
      role="img"
      aria-label={`Rated ${rounded} out of 5`}
      className={`inline-flex items-center gap-0.5 ${className}`}
    >
      {[1, 2, 3, 4, 5].map((star) => {
        const fill = rounded >= star ? 'full' : rounded >= star - 0.5 ? 'half' : 'empty';
        return (
          <svg key={star} viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true" data-fill={fill}>
            {fill === 'half' && (
              <defs>
                <linearGradient id={`${gradientId}-${star}`}>
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
              fill={fill === 'full' ? 'currentColor' : fill === 'half' ? `url(#${gradientId}-${star})` : 'none'}
            />
          </svg>
        );
      })}
    </span>
  );
}
