import { act, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { toast, Toaster } from '../ui/toast.tsx';
import { showRequestErrorToast } from './request-error-toast.ts';

function fail(error: unknown) {
  render(<Toaster />);
  act(() => showRequestErrorToast(error));
}

describe('error toast for failed requests', () => {
  beforeEach(() => toast.reset());

  it("shows the server's title and detail", () => {
    fail(new ApiError(404, { title: 'Not Found', status: 404, detail: 'No book is called "Emma 2".' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Not Found');
    expect(alert).toHaveTextContent('No book is called "Emma 2".');
  });

  it('lists validation errors as bullets when there is no detail', () => {
    fail(
      new ApiError(400, {
        title: 'Bad Request',
        status: 400,
        errors: { minPrice: ['minPrice cannot be negative.'], pageSize: ['pageSize must be between 5 and 25.'] },
      }),
    );
    const items = within(screen.getByRole('alert')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'minPrice cannot be negative.',
      'pageSize must be between 5 and 25.',
    ]);
  });

  it('uses the spec wording for 429 and stays silent for 401', () => {
    fail(new ApiError(401, { title: 'Unauthorized', status: 401 }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => showRequestErrorToast(new ApiError(429, { title: 'Too Many Requests', status: 429 })));
    expect(screen.getByRole('alert')).toHaveTextContent('Too Many Request');
    expect(screen.getByRole('alert')).toHaveTextContent('Too many requests, Calm down horse !');
  });

  it("uses the admin area's own 429 words under /admin (the spec's second client)", () => {
    window.history.pushState({}, '', '/admin/dashboard/books');
    try {
      fail(new ApiError(429, { title: 'Too Many Requests', status: 429 }));
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('Too Many Request');
      expect(alert).toHaveTextContent('Too many requests, Please Try Again later.');
      expect(alert).not.toHaveTextContent('Calm down horse');
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('keeps the storefront words on a path that only starts like admin', () => {
    window.history.pushState({}, '', '/administration');
    try {
      fail(new ApiError(429, { title: 'Too Many Requests', status: 429 }));
      expect(screen.getByRole('alert')).toHaveTextContent('Too many requests, Calm down horse !');
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});
