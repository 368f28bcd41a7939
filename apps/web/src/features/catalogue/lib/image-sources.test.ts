import { describe, expect, it } from 'vitest';
import { COVER_SIZES, coverImage, coverPreload, imageSrcSet, orderedImages } from './image-sources.ts';

describe('imageSrcSet', () => {
  it('lists the stored widths of a sized WebP', () => {
    expect(imageSrcSet('/images/books/emma-400.webp')).toBe(
      '/images/books/emma-200.webp 200w, /images/books/emma-400.webp 400w, /images/books/emma-800.webp 800w',
    );
  });

  it('leaves other URLs alone', () => {
    expect(imageSrcSet('https://example.com/cover.jpg')).toBeUndefined();
  });
});

describe('orderedImages', () => {
  it('puts the main image first and keeps the rest in order', () => {
    expect(orderedImages(['a', 'b', 'c'], 2, 'c')).toEqual(['c', 'a', 'b']);
  });

  it('falls back to mainImageURL when the index is out of range', () => {
    expect(orderedImages([], 0, 'x')).toEqual(['x']);
    expect(orderedImages([], 0, null)).toEqual([]);
  });
});

describe('coverImage', () => {
  it('prefers mainImageURL, then the indexed image', () => {
    expect(coverImage({ mainImageURL: 'm', imageUrls: ['a'], mainImageIndex: 0 })).toBe('m');
    expect(coverImage({ mainImageURL: null, imageUrls: ['a', 'b'], mainImageIndex: 1 })).toBe('b');
    expect(coverImage({ mainImageURL: null, imageUrls: [], mainImageIndex: 0 })).toBeNull();
  });
});

describe('coverPreload', () => {
  it('gives the book page cover’s URL, every stored width and its sizes, for a preload link', () => {
    expect(coverPreload('/images/books/emma-400.webp')).toEqual({
      href: '/images/books/emma-400.webp',
      imageSrcSet: imageSrcSet('/images/books/emma-400.webp'),
      imageSizes: COVER_SIZES.bookPage,
    });
    expect(coverPreload('/images/books/emma-400.webp', 'card').imageSizes).toBe(COVER_SIZES.card);
  });

  it('preloads just the URL of an image outside the stored widths', () => {
    expect(coverPreload('https://example.com/cover.jpg')).toEqual({ href: 'https://example.com/cover.jpg' });
  });
});
