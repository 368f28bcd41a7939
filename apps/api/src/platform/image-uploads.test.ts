import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '@bookshop/contracts/messages';
import { createCustomer, createTestApp, expectProblem, uniqueIp, type TestApp } from '../test/app.ts';
import { formBody } from '../test/multipart.ts';
import { bombPng } from '../test/png.ts';
import { createImageWork, IMAGE_UPLOADS, IMAGE_WORKERS, imageWork } from './images.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A new customer puts `image` as their avatar (PUT /api/v1/customers, multipart). */
async function putAvatar(image: Buffer) {
  const customer = await createCustomer(t);
  const form = await formBody(
    { firstName: 'Layla', lastName: 'Haddad', userName: `layla-${randomBytes(4).toString('hex')}` },
    { data: image, filename: 'avatar.png', type: 'image/png' },
  );
  return () =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/customers',
      headers: { ...customer.headers, 'x-forwarded-for': uniqueIp(), 'content-type': form.contentType },
      payload: form.payload,
    });
}

/** Holds one image worker until the returned function is called. */
function holdWorker() {
  let release!: () => void;
  const held = imageWork.run(() => new Promise<void>((resolve) => (release = resolve)));
  return async () => {
    release();
    await held;
  };
}

describe('image uploads per instance', () => {
  it(`takes ${IMAGE_UPLOADS} uploads at once and refuses more with 503 and Retry-After`, async () => {
    const image = await bombPng(1_000, 800);
    const uploads = await Promise.all(Array.from({ length: IMAGE_UPLOADS + 2 }, () => putAvatar(image)));
    // Both workers busy: the uploads that get a place wait for one, the rest are refused at once.
    const releases = Array.from({ length: IMAGE_WORKERS }, holdWorker);
    const answered: number[] = [];
    const answers = uploads.map((send) =>
      send().then((res) => {
        answered.push(res.statusCode);
        return res;
      }),
    );
    await expect.poll(() => [answered.length, imageWork.stats().inFlight], { timeout: 20_000 }).toEqual([2, 6]);
    expect(imageWork.stats()).toMatchObject({ running: IMAGE_WORKERS, inFlight: IMAGE_UPLOADS });

    for (const release of releases) await release();
    const results = await Promise.all(answers);
    const refused = results.filter((res) => res.statusCode === 503);
    expect(refused).toHaveLength(2);
    for (const res of refused) {
      expectProblem(res, 503, 'Service Unavailable');
      expect(res.json<{ detail: string }>().detail).toBe(Messages.imagesBusy);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(results.filter((res) => res.statusCode === 200)).toHaveLength(IMAGE_UPLOADS);
    expect(imageWork.stats()).toMatchObject({ running: 0, waiting: 0, inFlight: 0 });
    expect(imageWork.stats().peakRunning).toBeLessThanOrEqual(IMAGE_WORKERS);
  });

  it(`never decodes more than ${IMAGE_WORKERS} pictures at once under a burst of large uploads`, async () => {
    // 24 megapixels each: a picture's decoding takes long enough for the others to line up.
    const image = await bombPng(6_000, 4_000);
    const uploads = await Promise.all(Array.from({ length: 8 }, () => putAvatar(image)));
    let mostRunning = 0;
    const sampler = setInterval(() => (mostRunning = Math.max(mostRunning, imageWork.stats().running)), 1);
    try {
      const results = await Promise.all(uploads.map((send) => send()));
      for (const res of results) {
        if (res.statusCode === 503) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        else expect(res.statusCode, res.body).toBe(200);
      }
    } finally {
      clearInterval(sampler);
    }
    expect(mostRunning).toBeGreaterThan(0);
    expect(mostRunning).toBeLessThanOrEqual(IMAGE_WORKERS);
    expect(imageWork.stats().peakRunning).toBeLessThanOrEqual(IMAGE_WORKERS);
    expect(imageWork.stats().inFlight).toBe(0);
  });
});

describe('createImageWork', () => {
  it('runs at most `workers` at once, the others in the order they came, and gives places back', async () => {
    const work = createImageWork({ workers: 2, uploads: 3 });
    const started: number[] = [];
    const finish: (() => void)[] = [];
    const jobs = [0, 1, 2, 3, 4].map((n) =>
      work.run(async () => {
        started.push(n);
        await new Promise<void>((resolve) => (finish[n] = resolve));
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(work.stats()).toMatchObject({ running: 2, waiting: 3 });
    finish[1]!();
    await expect.poll(() => started).toEqual([0, 1, 2]);
    finish[0]!();
    finish[2]!();
    await expect.poll(() => started).toEqual([0, 1, 2, 3, 4]);
    finish[3]!();
    finish[4]!();
    await Promise.all(jobs);
    expect(work.stats()).toEqual({ running: 0, waiting: 0, inFlight: 0, peakRunning: 2 });

    const places = [work.admit(), work.admit(), work.admit()];
    expect(() => work.admit()).toThrow(Messages.imagesBusy);
    places[0]!();
    places[0]!(); // a second release gives nothing back twice
    const again = work.admit();
    expect(() => work.admit()).toThrow(Messages.imagesBusy);
    for (const release of [again, places[1]!, places[2]!]) release();
    expect(work.stats().inFlight).toBe(0);
  });
});
