import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_ANIMATION_MS, TOAST_DURATIONS } from '@bookshop/contracts/constants';
import { toast, Toaster } from './toast.tsx';

describe('toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toast.reset();
  });
  afterEach(() => vi.useRealTimers());

  it('shows a notification and removes it once its time has passed', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved', description: 'Your changes are safe.' });
    });

    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Saved');
    expect(notice).toHaveTextContent('Your changes are safe.');

    act(() => {
      vi.advanceTimersByTime(TOAST_DURATIONS.default - 1);
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(1 + NOTIFICATION_ANIMATION_MS);
    });
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('keeps error toasts for five seconds and announces them as alerts', () => {
    render(<Toaster />);
    act(() => {
      toast.error('Error', 'Something failed.');
    });

    expect(screen.getByRole('alert')).toHaveTextContent('Something failed.');
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATIONS.error - 1);
    });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1 + NOTIFICATION_ANIMATION_MS);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps success toasts for three seconds', () => {
    render(<Toaster />);
    act(() => {
      toast.success('Book Added To Cart.');
    });
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATIONS.success - 1);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Book Added To Cart.');
    act(() => {
      vi.advanceTimersByTime(1 + NOTIFICATION_ANIMATION_MS);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('closes from its close button', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Hello', time: 60_000 });
    });
    act(() => screen.getByRole('button', { name: 'Close notification' }).click());
    act(() => {
      vi.advanceTimersByTime(NOTIFICATION_ANIMATION_MS);
    });
    expect(screen.queryByText('Hello')).not.toBeInTheDocument();
  });

  it('renders simple HTML in the description and drops anything unsafe', () => {
    render(<Toaster />);
    act(() => {
      toast({
        title: 'Invalid input',
        description: '<ul><li>Price is required.</li></ul><img src=x onerror="alert(1)"><script>steal()</script>',
        time: 60_000,
      });
    });

    const notice = screen.getByRole('status');
    expect(within(notice).getByRole('listitem')).toHaveTextContent('Price is required.');
    expect(notice.querySelector('img, script, [onerror]')).toBeNull();
    expect(notice).not.toHaveTextContent('steal()');
  });
});
