import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { publicConfigQueryOptions } from '../../features/auth/api/get-public-config.ts';
import { answerApi, stubApi } from '../../test/network.ts';
import { createTestQueryClient, renderWithQueryClient } from '../../test/render.tsx';
import { rootLoader, setLoaderQueryClient } from '../loaders.ts';
import { TestModeRibbon } from './test-mode-ribbon.tsx';

afterEach(() => setLoaderQueryClient(undefined));

describe('the TEST MODE ribbon', () => {
  it('says no payment is real while the shop takes payments in its sandbox', async () => {
    stubApi({ '/api/v1/config': { googleClientId: null, testMode: true } });
    renderWithQueryClient(<TestModeRibbon />);
    const ribbon = await screen.findByRole('complementary', { name: 'Test mode' });
    expect(ribbon).toHaveTextContent(/^TEST MODE — no real payments$/);
  });

  it('is not there when payments go to Stripe', async () => {
    const api = stubApi({ '/api/v1/config': { googleClientId: null, testMode: false } });
    renderWithQueryClient(<TestModeRibbon />);
    await expect.poll(() => api.calls.mock.calls.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('complementary', { name: 'Test mode' })).not.toBeInTheDocument();
    expect(screen.queryByText(/TEST MODE/)).not.toBeInTheDocument();
  });

  it('is in the first render of the layout: the root loader has the settings before it renders', async () => {
    // A server a little way off: the settings arrive after the page's code is ready.
    answerApi(
      () =>
        new Promise<Response>((resolve) =>
          setTimeout(() => resolve(Response.json({ googleClientId: null, testMode: true })), 50),
        ),
    );
    const client = createTestQueryClient();
    setLoaderQueryClient(client);
    const firstRenders: (boolean | undefined)[] = [];
    function Layout() {
      firstRenders.push(client.getQueryData(publicConfigQueryOptions().queryKey)?.testMode);
      return <TestModeRibbon />;
    }
    const router = createMemoryRouter([
      { path: '/', loader: rootLoader, HydrateFallback: () => null, Component: Layout },
    ]);
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('complementary', { name: 'Test mode' })).toBeInTheDocument();
    // Never rendered without knowing: the ribbon could not have appeared later and moved the page.
    expect(firstRenders[0]).toBe(true);
  });
});
