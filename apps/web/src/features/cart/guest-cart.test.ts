import { beforeEach, describe, expect, it } from 'vitest';
import type { Book } from '@bookshop/contracts/catalogue';
import { CartError, GUEST_CART_STORAGE_KEY, guestCart } from './guest-cart.ts';

const book = (overrides: Partial<Book> = {}): Book => ({
  id: 7,
  title: 'Middlemarch',
  titleAr: null,
  description: 'A study of provincial life.',
  descriptionAr: null,
  isbn: '9780141439549',
  price: 45,
  discountPercentage: 10,
  discountedPrice: 40.5,
  isInStock: true,
  stockQuantity: 2,
  isNextDayDeliveryEligible: false,
  rating: 4.5,
  ratingCount: 12,
  mainImageURL: null,
  imageUrls: ['/images/a.webp', '/images/b.webp'],
  mainImageIndex: 1,
  authors: [{ id: 1, name: 'George Eliot', nameAr: null }],
  genres: [{ id: 2, name: 'Classics', nameAr: null }],
  ...overrides,
});

describe('guest cart', () => {
  beforeEach(() => guestCart.clear());

  it('adds a line with the cart item fields and keeps it in localStorage', () => {
    const item = guestCart.add(book());

    expect(item).toEqual({
      id: 7,
      title: 'Middlemarch',
      titleAr: null,
      price: 45,
      quantity: 1,
      description: 'A study of provincial life.',
      descriptionAr: null,
      imageUrl: '/images/b.webp',
      isInStock: true,
      discountPercentage: 10,
      discountedPrice: 40.5,
      stockQuantity: 2,
    });
    expect(JSON.parse(localStorage.getItem(GUEST_CART_STORAGE_KEY)!)).toEqual({ 7: item });
    expect(guestCart.count()).toBe(1);
  });

  it('raises the quantity of an existing line, but not past the copies in stock', () => {
    guestCart.add(book());
    expect(guestCart.add(book()).quantity).toBe(2);

    expect(() => guestCart.add(book())).toThrow(CartError);
    expect(guestCart.get()[7]?.quantity).toBe(2);
    expect(guestCart.count()).toBe(2);
  });

  it('refuses a book that is out of stock', () => {
    expect(() => guestCart.add(book({ isInStock: false, stockQuantity: 0 }))).toThrow(/out of stock/);
    expect(guestCart.count()).toBe(0);
  });

  it('counts copies across lines and tells subscribers about changes', () => {
    let notified = 0;
    const unsubscribe = guestCart.subscribe(() => notified++);
    guestCart.add(book());
    guestCart.add(book({ id: 8, title: 'Emma', stockQuantity: 5 }));
    guestCart.add(book({ id: 8, title: 'Emma', stockQuantity: 5 }));
    unsubscribe();

    expect(guestCart.count()).toBe(3);
    expect(notified).toBe(3);
  });

  it('steps an existing line up by one within the stored stock', () => {
    guestCart.add(book());
    guestCart.increment(7);
    expect(guestCart.get()[7]?.quantity).toBe(2);
    expect(() => guestCart.increment(7)).toThrow(CartError);
    expect(guestCart.get()[7]?.quantity).toBe(2);
    guestCart.increment(99);
    expect(guestCart.get()[99]).toBeUndefined();
  });

  it('removes one copy at a time, then the line, and clears everything', () => {
    guestCart.add(book());
    guestCart.add(book());
    guestCart.remove(7);
    expect(guestCart.get()[7]?.quantity).toBe(1);
    guestCart.remove(7);
    expect(guestCart.get()[7]).toBeUndefined();

    guestCart.add(book());
    guestCart.clear();
    expect(guestCart.count()).toBe(0);
    expect(localStorage.getItem(GUEST_CART_STORAGE_KEY)).toBeNull();
  });
});
