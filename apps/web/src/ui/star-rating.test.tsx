import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StarRating } from './star-rating.tsx';

/** The filled shapes of the rating: one closed outline each, whole stars then a half. */
function filledShapes(image: Element): string[] {
  const filled = image.querySelector('path[fill="currentColor"]');
  return filled?.getAttribute('d')?.match(/M[^z]*z/g) ?? [];
}

describe('StarRating', () => {
  it('reads out the rating rounded to half a star, as one image', () => {
    render(<StarRating rating={3.74} />);

    expect(screen.getByRole('img', { name: 'Rated 3.5 out of 5' })).toBeInTheDocument();
  });

  it('fills three stars and half of the fourth for 3.5, and draws all five outlines', () => {
    render(<StarRating rating={3.5} />);
    const image = screen.getByRole('img');

    const shapes = filledShapes(image);
    expect(shapes).toHaveLength(4);
    // The half is the fourth star's left side: it ends at the star's middle (x = 3 × 27 + 12).
    const halfXs = shapes[3]!.match(/[ML]([\d.]+) /g)!.map((point) => Number(point.slice(1)));
    expect(Math.max(...halfXs)).toBe(93);
    expect(image.querySelector('path[fill="none"]')!.getAttribute('d')!.match(/M/g)).toHaveLength(5);
  });

  it('fills nothing for an unrated book and all five stars at 5', () => {
    const { rerender } = render(<StarRating rating={0} />);
    expect(filledShapes(screen.getByRole('img', { name: 'Rated 0 out of 5' }))).toHaveLength(0);

    rerender(<StarRating rating={5} />);
    expect(filledShapes(screen.getByRole('img', { name: 'Rated 5 out of 5' }))).toHaveLength(5);
  });

  it('keeps out-of-range ratings within 0–5', () => {
    render(<StarRating rating={7} />);

    expect(screen.getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
  });
});
