import { describe, expect, it } from 'vitest';
import { BookLabels, coverKeyOf } from './book-labels.ts';

/* The search dropdown's labels, packed in memory by book id (decision 107). */

describe('book labels', () => {
  it('gives back each field as it was set: Arabic, an empty text and a missing one kept apart', () => {
    const labels = new BookLabels();
    labels.set({ id: 3, title: 'Season of Migration', titleAr: 'موسم الهجرة إلى الشمال', coverKey: 'books/3-a' });
    labels.set({ id: 7, title: 'Émile 📚', titleAr: '', coverKey: null });
    labels.set({ id: 9, title: 'Untitled cover', titleAr: null, coverKey: '' });
    expect(labels.get(3)).toEqual({
      id: 3,
      title: 'Season of Migration',
      titleAr: 'موسم الهجرة إلى الشمال',
      coverKey: 'books/3-a',
    });
    expect(labels.get(7)).toEqual({ id: 7, title: 'Émile 📚', titleAr: '', coverKey: null });
    expect(labels.get(9)).toEqual({ id: 9, title: 'Untitled cover', titleAr: null, coverKey: '' });
    expect(labels.get(4)).toBeUndefined();
    expect(labels.get(1_000_000)).toBeUndefined();
  });

  it('answers the latest label of a book changed many times, and packs away the old ones', () => {
    const labels = new BookLabels();
    for (let id = 0; id < 100; id++) labels.set({ id, title: `Steady ${id}`, titleAr: null, coverKey: `books/${id}` });
    labels.delete(50);
    // Far more bytes than the live labels hold, all left behind by one changing book.
    for (let n = 0; n < 40_000; n++)
      labels.set({ id: 7, title: `Changed ${n} ${'x'.repeat(40)}`, titleAr: null, coverKey: null });
    expect(labels.get(7)?.title).toBe(`Changed 39999 ${'x'.repeat(40)}`);
    expect(labels.get(50)).toBeUndefined();
    for (const id of [0, 6, 8, 49, 51, 99]) expect(labels.get(id)?.title).toBe(`Steady ${id}`);
    // Without packing, 40,000 labels of ~60 bytes would be held: 2.4 MB.
    expect(labels.heldBytes).toBeLessThan(2_000_000);
  });

  it('holds no more bytes when a book is set again with the label it has (a sale changes only its stock)', () => {
    const labels = new BookLabels();
    const label = { id: 4, title: 'Unchanged', titleAr: 'بلا تغيير', coverKey: 'books/4' };
    labels.set(label);
    const held = labels.state().bytes.length;
    for (let n = 0; n < 10_000; n++) labels.set({ ...label });
    expect(labels.state().bytes.length).toBe(held);
    expect(labels.get(4)).toEqual(label);
  });

  it('comes back from its state as it was, and refuses a state whose labels lie outside its bytes', () => {
    const labels = new BookLabels();
    labels.set({ id: 1, title: 'One', titleAr: 'واحد', coverKey: 'books/1' });
    labels.set({ id: 2, title: 'Two', titleAr: null, coverKey: null });
    labels.delete(2);
    const state = labels.state();
    const restored = BookLabels.restore(state);
    expect(restored.get(1)).toEqual(labels.get(1));
    expect(restored.get(2)).toBeUndefined();
    restored.set({ id: 2, title: 'Two again', titleAr: null, coverKey: null });
    expect(restored.get(2)?.title).toBe('Two again');

    const broken = labels.state();
    broken.size[1] = broken.bytes.length + 1;
    expect(() => BookLabels.restore(broken)).toThrow('its book 1 has a label it does not hold');
  });
});

describe('a book cover', () => {
  it('is the main image, or the first when the main index points past the images, or none', () => {
    expect(coverKeyOf({ image_keys: ['a', 'b'], main_image_index: 1 })).toBe('b');
    expect(coverKeyOf({ image_keys: ['a', 'b'], main_image_index: 5 })).toBe('a');
    expect(coverKeyOf({ image_keys: [], main_image_index: 0 })).toBeNull();
  });
});
