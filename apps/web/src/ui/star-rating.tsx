import { useT } from '../lib/i18n/i18n.tsx';
type StarRatingProps = { rating: number; className?: string };

const STAR_PATH =
  'M12 2.5l2.94 5.96 6.58.96-4.76 4.64 1.12 6.55L12 17.52l-5.88 3.09 1.12-6.55L2.48 9.42l6.58-.96L12 2.5z';

/** Rounds to the nearest half star, within 0–5. */
export function roundToHalf(rating: number): number {
  return Math.min(5, Math.max(0, Math.round(rating * 2) / 2));
}

/** One decorative star, filled or outlined: a button of the rating input. */
export function StarIcon({ fill, className = 'h-4 w-4' }: { fill: 'full' | 'empty'; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" data-fill={fill}>
      <path
        d={STAR_PATH}
        className="text-amber-500"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
        fill={fill === 'full' ? 'currentColor' : 'none'}
      />
    </svg>
  );
}

// A star's corners in a 24-unit square, from the top point clockwise. The left half is the top
// point, the bottom notch and the five corners after it.
const STAR_POINTS: readonly (readonly [number, number])[] = [
  [12, 2.5],
  [14.94, 8.46],
  [21.52, 9.42],
  [16.76, 14.06],
  [17.88, 20.61],
  [12, 17.52],
  [6.12, 20.61],
  [7.24, 14.06],
  [2.48, 9.42],
  [9.06, 8.46],
];
const LEFT_HALF = [0, 5, 6, 7, 8, 9].map((i) => STAR_POINTS[i]!);
/** Each star is 24 units wide with 3 units between them: 16 px stars 2 px apart at h-4. */
const STAR_PITCH = 27;
const STARS = 5;

const outline = (points: readonly (readonly [number, number])[], x: number) =>
  `M${points.map(([px, py]) => `${+(px + x).toFixed(2)} ${py}`).join('L')}z`;

const OUTLINES = Array.from({ length: STARS }, (_, i) => outline(STAR_POINTS, i * STAR_PITCH)).join('');

/** The filled shapes of a rating in half steps: whole stars, then a left half where it has one. */
function filledStars(rounded: number): string {
  const whole = Math.floor(rounded);
  const shapes = Array.from({ length: whole }, (_, i) => outline(STAR_POINTS, i * STAR_PITCH));
  if (rounded > whole) shapes.push(outline(LEFT_HALF, whole * STAR_PITCH));
  return shapes.join('');
}

/**
 * Five stars filled to the rating in half steps, read out as one image with its value. One SVG of
 * two paths: a page of book cards drew 5 SVGs (and a gradient for a half star) per card, which
 * the browser had to build, lay out and hydrate one by one.
 */
export function StarRating({ rating, className = '' }: StarRatingProps) {
  const rounded = roundToHalf(rating);
  const t = useT();
  return (
    <svg
      role="img"
      aria-label={t('stars.rated', { rating: rounded })}
      viewBox={`0 0 ${STARS * STAR_PITCH - 3} 24`}
      className={`h-4 w-[5.5rem] shrink-0 text-amber-500 ${className}`}
    >
      {rounded > 0 && <path d={filledStars(rounded)} fill="currentColor" />}
      <path d={OUTLINES} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}
