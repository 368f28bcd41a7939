import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, testBook, uniqueIp, type TestAccount, type TestApp } from '../test/app.ts';
import { startTestS3, type TestS3 } from '../test/s3.ts';
import { createImageStore } from './storage.ts';

let s3: TestS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp(s3.env);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const picture = (background: string) =>
  sharp({ create: { width: 120, height: 80, channels: 3, background } })
    .png()
    .toBuffer();

async function putAvatar(who: TestAccount, image: Buffer) {
  const form = new FormData();
  form.append('firstName', 'Layla');
  form.append('lastName', 'Haddad');
  form.append('userName', `layla-${randomBytes(3).toString('hex')}`);
  form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'a.png');
  const encoded = new Response(form);
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/customers',
    headers: { ...who.headers, 'x-forwarded-for': uniqueIp(), 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ imageUrl: string }>().imageUrl;
}

describe('the app with S3_BUCKET set', () => {
  it('stores avatars in the bucket, removes the replaced one, and all of them with the account', async () => {
    const customer = await createCustomer(t);
    const first = await putAvatar(customer, await picture('#111111'));
    expect(first).toMatch(
      new RegExp(`^${s3.env.S3_PUBLIC_URL}/avatars/${customer.id}/avatar-[0-9a-f]{12}-400\\.webp$`),
    );
    expect((await fetch(first)).status).toBe(200);

    const second = await putAvatar(customer, await picture('#eeeeee'));
    expect((await fetch(second)).status).toBe(200);
    expect((await fetch(first)).status).toBe(404);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/customers/account',
      headers: { ...customer.headers, 'x-forwarded-for': uniqueIp() },
      payload: { password: customer.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await fetch(second)).status).toBe(404);
  });

  it("serves a book's image URL from the bucket, and lets pages show images from its origin", async () => {
    const images = await createImageStore(t.config);
    const key = await images.putImage('books/s3-served', await picture('#225588'));
    const title = `S3 served ${randomBytes(3).toString('hex')}`;
    await t.catalogue.createBook(testBook({ title, imageKeys: [key] }));
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/books/${encodeURIComponent(title)}` });
    expect(res.statusCode, res.body).toBe(200);
    const { mainImageURL } = res.json<{ mainImageURL: string }>();
    expect(mainImageURL).toBe(`${s3.env.S3_PUBLIC_URL}/${key}-400.webp`);
    const image = await fetch(mainImageURL);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(res.headers['content-security-policy']).toContain(`img-src 'self' data: blob: ${s3.endpoint}`);
  });
});
