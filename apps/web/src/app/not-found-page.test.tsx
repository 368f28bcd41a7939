import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../test/network.ts';
import { createTestQueryClient } from '../test/render.tsx';
import { AppProviders } from './providers.tsx';
import { routes } from './router.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('unknown paths', () => {
  beforeEach(() => {
    stubApi({ '/api/v1/genres': [] });
  });

  it("show 'Page Not Found' with a button back to the home page", async () => {
    renderAt('/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back To Home Page' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page Not Found | Bookshop'));
  });

  it('lead back to the admin area from an unknown admin path', async () => {
    renderAt('/admin/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back To Home Page' })).toHaveAttribute('href', '/admin');
  });

  it('do not swallow real pages', async () => {
    renderAt('/shipping/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shipping Terms and Conditions' })).toBeInTheDocument();
  });
});
