import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createLinksService } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('short link ids', () => {
  it('tries another id when the random one is taken', async () => {
    const ids = ['Taken123', 'Taken123', 'Free4567'];
    const links = createLinksService({ db: t.db, publicUrl: 'https://shop.example', newId: () => ids.shift()! });

    expect((await links.shorten('/books/First')).id).toBe('Taken123');
    expect(await links.shorten('/books/Second')).toEqual({
      id: 'Free4567',
      shortUrl: 'https://shop.example/s/Free4567',
    });
    expect(await links.find('Taken123')).toBe('/books/First');
    expect(await links.find('Free4567')).toBe('/books/Second');
  });

  it('gives up with an error (500, logged) rather than loop when every id it draws is taken', async () => {
    const links = createLinksService({ db: t.db, publicUrl: 'https://shop.example', newId: () => 'Always12' });
    await links.shorten('/books/Holder');
    await expect(links.shorten('/books/Unlucky')).rejects.toThrow(/No free short link id/);
  });
});
