import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/network.ts';
import { renderWithQueryClient } from '../../test/render.tsx';
import { Footer } from './footer.tsx';

describe('footer', () => {
  it("credits the shop's own About Us page in a new tab, not a code host's front page", () => {
    stubApi({});
    renderWithQueryClient(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const credit = screen.getByRole('link', { name: 'the Bookshop team (opens in a new tab)' });
    expect(credit.closest('p')).toHaveTextContent(/All rights reserved\. Made By the Bookshop team/);
    expect(credit).toHaveAttribute('href', '/about-us');
    expect(credit).toHaveAttribute('target', '_blank');
    expect(credit).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });
});
