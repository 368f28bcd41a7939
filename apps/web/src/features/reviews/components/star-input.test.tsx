import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { StarInput } from './star-input.tsx';

function Harness({ initial }: { initial?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <button type="button">Before</button>
      <StarInput label="Your rating" value={value} onChange={setValue} />
      <button type="button">After</button>
    </>
  );
}

const checked = () => screen.getAllByRole('radio').filter((star) => star.getAttribute('aria-checked') === 'true');

describe('StarInput', () => {
  it('is a labelled radio group of five stars with one tab stop', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const group = screen.getByRole('radiogroup', { name: 'Your rating' });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((star) => star.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    expect(checked()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(screen.getByRole('radio', { name: '1 star' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });

  it('chooses with the arrow keys, Home, End and Space', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    await user.keyboard(' ');
    expect(checked().map((star) => star.getAttribute('aria-label'))).toEqual(['1 star']);

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '3 stars' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: '3 stars' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{ArrowLeft}{ArrowDown}');
    expect(screen.getByRole('radio', { name: '2 stars' })).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{End}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '5 stars' })).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{Home}{ArrowLeft}');
    expect(checked().map((star) => star.getAttribute('aria-label'))).toEqual(['1 star']);

    // Leaving and coming back lands on the chosen star.
    await user.keyboard('{End}');
    await user.tab();
    await user.tab({ shift: true });
    expect(screen.getByRole('radio', { name: '5 stars' })).toHaveFocus();
  });

  it('chooses with a click', async () => {
    const user = userEvent.setup();
    render(<Harness initial={2} />);
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(checked().map((star) => star.getAttribute('aria-label'))).toEqual(['4 stars']);
  });
});
