import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/network.ts';
import { renderWithQueryClient } from '../../test/render.tsx';
import { BottomBar } from './bottom-bar.tsx';

function scrollPageTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => scrollPageTo(0));

describe('bottom bar', () => {
  it('holds the scroll-to-top button once the page has scrolled past 800px, so it covers no content', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderWithQueryClient(
      <MemoryRouter>
        <BottomBar />
      </MemoryRouter>,
    );
    const bar = screen.getByRole('navigation', { name: 'Quick links' });
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();

    scrollPageTo(700);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();

    scrollPageTo(900);
    const toTop = await screen.findByRole('button', { name: 'Scroll to top' });
    expect(bar).toContainElement(toTop);
    expect(toTop).toHaveTextContent('Top');

    const scrollTo = vi.spyOn(window, 'scrollTo');
    await user.click(toTop);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    scrollPageTo(0);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument());
  });
});
