import { text } from 'node:stream/consumers';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { configure, render as renderOnServer } from '../entry-server.tsx';
import { stubApi } from '../test/network.ts';
import { createTestQueryClient } from '../test/render.tsx';
import { setLoaderQueryClient } from './loaders.ts';
import { AppProviders } from './providers.tsx';
import { routes } from './router.tsx';

const GOOGLE = 'or you can use your Google account';
const withGoogle = { googleClientId: 'client-id.apps.googleusercontent.com', testMode: true };
const withoutGoogle = { googleClientId: null, testMode: true };

afterEach(() => setLoaderQueryClient(undefined));

/** The page as the browser first shows it: the root loader has the shop's settings before it renders, as in main.tsx. */
async function openPage(path: string, heading: string) {
  const client = createTestQueryClient();
  setLoaderQueryClient(client);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return (await screen.findByRole('heading', { level: 1, name: heading })).closest('article')!;
}

describe('the FAQ speaks only of what this shop has switched on', () => {
  it('offers the Google account when Google sign-in is on', async () => {
    stubApi({ '/api/v1/config': withGoogle, '/api/v1/genres': [] });
    const page = await openPage('/faqs', 'Frequently Asked Questions');
    expect(page).toHaveTextContent(`To check out, sign in or create an account: it takes a minute, ${GOOGLE}.`);
  });

  it('does not mention Google when the shop has no GOOGLE_CLIENT_ID', async () => {
    stubApi({ '/api/v1/config': withoutGoogle, '/api/v1/genres': [] });
    const page = await openPage('/faqs', 'Frequently Asked Questions');
    expect(page).toHaveTextContent('To check out, sign in or create an account: it takes a minute. Your account lets');
    expect(page).not.toHaveTextContent(/Google/);
  });

  it('and so does the privacy policy: no Google without GOOGLE_CLIENT_ID', async () => {
    stubApi({ '/api/v1/config': withoutGoogle, '/api/v1/genres': [] });
    expect(await openPage('/privacy-policy', 'Privacy Policy')).not.toHaveTextContent(/Google/);
  });

  it('the privacy policy says what Google sends when Google sign-in is on', async () => {
    stubApi({ '/api/v1/config': withGoogle, '/api/v1/genres': [] });
    expect(await openPage('/privacy-policy', 'Privacy Policy')).toHaveTextContent(
      'If you sign in with Google, we receive your name, e-mail address and profile picture from Google, nothing more.',
    );
  });
});

describe('the FAQ rendered on the server', () => {
  afterEach(() => configure({ api: (url, init) => fetch(url, init) }));

  it.each([
    ['on', withGoogle, true],
    ['off', withoutGoogle, false],
  ])('already says whether the Google account can be used (Google sign-in %s)', async (_state, config, offered) => {
    stubApi({ '/api/v1/config': config, '/api/v1/genres': [] });
    configure({ api: (url, init) => fetch(new URL(url, 'http://shop.test'), init) });
    const rendered = await renderOnServer(new Request('http://shop.test/faqs'), { origin: 'http://shop.test' });
    if (rendered.kind !== 'page') throw new Error(`rendered ${rendered.kind}`);
    const markup = await text(rendered.body);
    expect(markup).toContain('Frequently Asked Questions');
    expect(markup.includes(GOOGLE)).toBe(offered);
  });
});

describe('the Shipping page and the FAQ say where the shop delivers from the zones checkout enforces', () => {
  it('the Shipping page lists each method with its areas', async () => {
    stubApi({ '/api/v1/config': withoutGoogle, '/api/v1/genres': [] });
    const page = await openPage('/shipping', 'Shipping');
    const table = within(page).getByRole('table', { name: 'Delivery options and times' });
    expect(within(table).getByRole('row', { name: /^Standard delivery/ })).toHaveTextContent(
      'All seven emirates of the UAE',
    );
    expect(within(table).getByRole('row', { name: /^Next-day delivery/ })).toHaveTextContent(
      'Dubai, Sharjah, Ajman and Abu Dhabi city',
    );
    expect(page).toHaveTextContent('For now we deliver only to addresses in the United Arab Emirates');
  });

  it('the FAQ answers where next-day delivery goes and that the shop stays in the UAE', async () => {
    stubApi({ '/api/v1/config': withoutGoogle, '/api/v1/genres': [] });
    const page = await openPage('/faqs', 'Frequently Asked Questions');
    expect(page).toHaveTextContent(
      'Titles marked for next-day delivery arrive the next working day in Dubai, Sharjah, Ajman and Abu Dhabi city',
    );
    expect(page).toHaveTextContent('Not yet. We currently deliver only to addresses in the United Arab Emirates.');
  });
});
