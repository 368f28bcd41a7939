import { text } from 'node:stream/consumers';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { configure, render as renderOnServer } from '../entry-server.tsx';
import { stubApi } from '../test/network.ts';
import { createTestQueryClient } from '../test/render.tsx';
import { setLoaderQueryClient } from './loaders.ts';
import { AppProviders } from './providers.tsx';
import { allMessages } from '../lib/i18n/all-catalogs.ts';
import { createI18n, I18nProvider } from '../lib/i18n/i18n.tsx';
import { basenameOf } from '../lib/i18n/locale.ts';
import { routes, routesFor } from './router.tsx';

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
    const page = await openPage('/privacy-policy', 'Privacy Policy');
    expect(page).toHaveTextContent(
      'If you sign in with Google, we receive your name, e-mail address and profile picture from Google, nothing more.',
    );
    expect(page).toHaveTextContent('Last updated: 22 November 2026');
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

  it("asks for the shop's settings once, not for every page, and again after a failure", async () => {
    stubApi({ '/api/v1/genres': [] });
    const asked: string[] = [];
    let answer = () => Response.json({ status: 503 }, { status: 503 });
    configure({
      api: (url) => {
        asked.push(url);
        return Promise.resolve(url.endsWith('/v1/config') ? answer() : fetch(new URL(url, 'http://shop.test')));
      },
    });
    const faq = () => renderOnServer(new Request('http://shop.test/faqs'), { origin: 'http://shop.test' });
    const markupOf = async (rendered: Awaited<ReturnType<typeof faq>>) => {
      if (rendered.kind !== 'page') throw new Error(`rendered ${rendered.kind}`);
      return text(rendered.body);
    };
    const configRequests = () => asked.filter((url) => url.endsWith('/v1/config')).length;

    // The settings could not be read: the browser renders the page, and the next page asks again.
    expect((await faq()).kind).toBe('client-only');
    answer = () => Response.json(withGoogle);
    expect(await markupOf(await faq())).toContain(GOOGLE);
    expect(configRequests()).toBe(2);
    expect(await markupOf(await faq())).toContain(GOOGLE);
    expect(await markupOf(await faq())).toContain(GOOGLE);
    expect(configRequests()).toBe(2);
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

describe('the static pages in Arabic, under /ar', () => {
  /** The Arabic route tree with the Arabic messages, as an Arabic page is served. */
  async function openArabicPage(path: string, heading: string) {
    const client = createTestQueryClient();
    setLoaderQueryClient(client);
    const router = createMemoryRouter(routesFor('ar'), { initialEntries: [path], basename: basenameOf('ar') });
    render(
      <I18nProvider i18n={createI18n('ar', allMessages('ar'))}>
        <AppProviders queryClient={client}>
          <RouterProvider router={router} />
        </AppProviders>
      </I18nProvider>,
    );
    return (await screen.findByRole('heading', { level: 1, name: heading })).closest('article')!;
  }

  it('writes the Shipping page in Arabic, right to left, with the zones in Arabic and its links within /ar', async () => {
    stubApi({ '/api/v1/config': withoutGoogle, '/api/v1/genres': [] });
    const page = await openArabicPage('/ar/shipping', 'الشحن');

    expect(page).toHaveAttribute('dir', 'rtl');
    expect(page).toHaveAttribute('lang', 'ar');
    expect(
      within(page).getByText(
        'نوصل إلى العناوين في دولة الإمارات العربية المتحدة. الطلبات التي تزيد على 150 درهمًا تُشحن مجانًا، والكتب المؤهّلة للتوصيل في اليوم التالي يمكن أن تصلك غدًا في دبي والشارقة وعجمان ومدينة أبوظبي.',
      ),
    ).toBeInTheDocument();
    const table = within(page).getByRole('table', { name: 'خيارات التوصيل ومواعيده' });
    expect(within(table).getByRole('row', { name: /^التوصيل في اليوم التالي/ })).toHaveTextContent(
      'في يوم العمل التالي إذا طلبت قبل الساعة 2:00 م (بتوقيت الإمارات)',
    );
    expect(within(page).getByRole('link', { name: 'شروط وأحكام الشحن' })).toHaveAttribute('href', '/ar/shipping/terms');
    expect(within(page).getByRole('link', { name: '+971 4 555 0123' })).toHaveAttribute('dir', 'ltr');
    expect(page).not.toHaveTextContent(/Standard delivery|Shipping Terms/);
    await waitFor(() => expect(document.title).toBe('الشحن | Bookshop'));
  });

  it('dates the legal pages in Arabic, in Latin digits', async () => {
    stubApi({ '/api/v1/config': withGoogle, '/api/v1/genres': [] });
    const terms = await openArabicPage('/ar/terms-of-use', 'شروط الاستخدام');
    expect(terms).toHaveTextContent('آخر تحديث: 22 نوفمبر 2026');
    expect(within(terms).getByRole('heading', { level: 2, name: '6. الإرجاع واسترداد المبالغ' })).toBeInTheDocument();
  });

  it('offers the Google account in the Arabic FAQ only when Google sign-in is on', async () => {
    stubApi({ '/api/v1/config': withGoogle, '/api/v1/genres': [] });
    const page = await openArabicPage('/ar/faqs', 'الأسئلة الشائعة');
    expect(page).toHaveTextContent('لن يستغرق ذلك أكثر من دقيقة، أو يمكنك استخدام حسابك في Google.');
    expect(within(page).getByRole('heading', { level: 2, name: 'التوصيل' })).toHaveAttribute('id', 'faq-delivery');
  });
});

describe('an Arabic static page rendered on the server', () => {
  afterEach(() => configure({ api: (url, init) => fetch(url, init) }));

  it('arrives in Arabic, its title and description too', async () => {
    stubApi({ '/api/v1/config': withoutGoogle, '/api/v1/genres': [] });
    configure({ api: (url, init) => fetch(new URL(url, 'http://shop.test'), init) });
    const rendered = await renderOnServer(new Request('http://shop.test/ar/about-us'), { origin: 'http://shop.test' });
    if (rendered.kind !== 'page') throw new Error(`rendered ${rendered.kind}`);
    expect(rendered.head).toContain('<title>من نحن | Bookshop</title>');
    expect(rendered.head).toContain(
      '<meta name="description" content="نحن متجر كتب إلكتروني مستقل في دبي، نوصل القصص والأفكار وخير جليس إلى القرّاء في أنحاء الإمارات."',
    );
    expect(rendered.head).toContain('<link rel="canonical" href="http://shop.test/ar/about-us"');
    const markup = await text(rendered.body);
    expect(markup).toContain('<h2>قصتنا</h2>');
    expect(markup).not.toContain('Our story');
  });
});
