import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../test/network.ts';
import { renderWithQueryClient } from '../../test/render.tsx';
import { Header } from './header.tsx';

const genres = [
  { id: 1, name: 'Fantasy' },
  { id: 2, name: 'Adventure' },
  { id: 3, name: 'Art & Photography' },
  { id: 4, name: 'Fiction' },
  { id: 5, name: 'Biography' },
];

function renderHeader() {
  return renderWithQueryClient(
    <MemoryRouter>
      <Header />
    </MemoryRouter>,
  );
}

describe('header category menu', () => {
  beforeEach(() => {
    stubApi({ '/api/v1/genres': genres });
  });

  it('lists genres grouped by first letter, each linking to its genre page', async () => {
    const user = userEvent.setup();
    renderHeader();

    const menuButton = screen.getByRole('button', { name: 'Shop by Category' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');

    const groupA = await screen.findByRole('group', { name: 'A' });
    const linksA = within(groupA).getAllByRole('link');
    expect(linksA.map((link) => link.textContent)).toEqual(['Adventure', 'Art & Photography']);
    expect(linksA[1]).toHaveAttribute('href', '/genres/Art%20%26%20Photography');

    const groupF = screen.getByRole('group', { name: 'F' });
    expect(
      within(groupF)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Fantasy', 'Fiction']);
    expect(within(screen.getByRole('group', { name: 'B' })).getByRole('link', { name: 'Biography' })).toHaveAttribute(
      'href',
      '/genres/Biography',
    );

    const letters = screen
      .getAllByRole('group')
      .map((group) => group.getAttribute('aria-labelledby') && group.firstChild?.textContent);
    expect(letters).toEqual(['A', 'B', 'F']);
  });

  it('opens from the keyboard with focus on the first genre, and Escape returns focus to the button', async () => {
    const user = userEvent.setup();
    renderHeader();

    const menuButton = screen.getByRole('button', { name: 'Shop by Category' });
    menuButton.focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.getByRole('link', { name: 'Adventure' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Art & Photography' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
    expect(screen.queryByRole('group', { name: 'A' })).not.toBeInTheDocument();
  });

  it('closes on a click outside', async () => {
    const user = userEvent.setup();
    renderHeader();

    const menuButton = screen.getByRole('button', { name: 'Shop by Category' });
    await user.click(menuButton);
    await screen.findByRole('group', { name: 'A' });

    await user.click(document.body);
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the cart count and the logged-out links', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });
});
