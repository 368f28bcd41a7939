import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMessages } from '@bookshop/contracts/account';
import { createCustomer, createTestApp, expectValidationError, uniqueIp, type TestApp } from '../../test/app.ts';
import { bombPng } from '../../test/png.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function putAvatar(image: Buffer) {
  const customer = await createCustomer(t);
  const form = new FormData();
  form.append('firstName', 'Layla');
  form.append('lastName', 'Haddad');
  form.append('userName', `layla-${randomBytes(3).toString('hex')}`);
  form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'bomb.png');
  const encoded = new Response(form);
  const started = performance.now();
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/customers',
    headers: {
      ...customer.headers,
      'x-forwarded-for': uniqueIp(),
      'content-type': encoded.headers.get('content-type')!,
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return { res, ms: performance.now() - started };
}

describe('an avatar declaring more than 40 megapixels (decompression bomb)', () => {
  it.each([
    [8_000, 6_000],
    [16_383, 16_383],
    [30_000, 30_000],
  ])('of %i × %i is refused as a 400 naming image, before it is decoded', async (width, height) => {
    const png = await bombPng(width, height);
    expect(png.length).toBeLessThan(200_000);
    const { res, ms } = await putAvatar(png);
    expectValidationError(res, 'image', AccountMessages.imageTooManyPixels);
    // Decoding even the smallest of them takes far longer on this machine's shared cores.
    expect(ms).toBeLessThan(3_000);
  });

  it('just under the limit is still accepted', async () => {
    const { res } = await putAvatar(await bombPng(6_000, 6_000));
    expect(res.statusCode, res.body).toBe(200);
  });
});
