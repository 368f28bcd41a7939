import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address.tsx';

describe('EmailAddress', () => {
  it("offers a line break after the '@' and after each dot, and nowhere inside a word", () => {
    const { container } = render(<EmailAddress value="sam.very-long-name@mail.example.com" />);
    const span = container.firstElementChild!;
    expect(span).toHaveTextContent(/^sam\.very-long-name@mail\.example\.com$/);
    expect(span.innerHTML).toBe('sam.<wbr>very-long-name@<wbr>mail.<wbr>example.<wbr>com');
    // Overflowing text may still break (overflow-wrap), but nothing asks the browser to break anywhere.
    expect(span.className).toContain('break-words');
    expect(span.className).not.toContain('break-all');
  });

  it('leaves a short address without a dot or @ whole', () => {
    const { container } = render(<EmailAddress value="postmaster" />);
    expect(container.innerHTML).not.toContain('<wbr>');
  });
});
