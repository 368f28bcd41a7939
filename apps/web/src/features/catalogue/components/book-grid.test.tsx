import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { coverPreload } from '../lib/image-sources.ts';
import { makeBook, renderRoute } from '../testing/render.tsx';
import { BookGrid } from './book-grid.tsx';

afterEach(cleanup);

describe('BookGrid', () => {
  it('fetches the first covers first, the rest of the first screen at once and the others lazily', () => {
    const books = Array.from({ length: 6 }, (_, index) =>
      makeBook({ title: `Volume ${index + 1}`, mainImageURL: `/images/books/volume-${index + 1}-400.webp` }),
    );
    renderRoute(<BookGrid books={books} isPending={false} isError={false} onRetry={() => {}} pageSize={6} />);

    const cover = (n: number) => screen.getByRole('img', { name: `Volume ${n}` });
    for (const n of [1, 2]) {
      expect(cover(n)).toHaveAttribute('loading', 'eager');
      expect(cover(n)).toHaveAttribute('fetchpriority', 'high');
    }
    for (const n of [3, 4]) {
      expect(cover(n)).toHaveAttribute('loading', 'eager');
      expect(cover(n)).not.toHaveAttribute('fetchpriority');
    }
    for (const n of [5, 6]) {
      expect(cover(n)).toHaveAttribute('loading', 'lazy');
      expect(cover(n)).not.toHaveAttribute('fetchpriority');
    }
    // A server render may preload the first card's cover; the preload must match the <img>.
    const preload = coverPreload('/images/books/volume-1-400.webp', 'card');
    expect(cover(1)).toHaveAttribute('srcset', preload.imageSrcSet);
    expect(cover(1)).toHaveAttribute('sizes', preload.imageSizes);
  });
});
