import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { LoggedInUser } from '@bookshop/contracts/auth';
import type { StaffBook } from '@bookshop/contracts/book-admin';
import { createTestQueryClient } from '../../../../test/render.tsx';
import { Toaster } from '../../../../ui/toast.tsx';

/** One admin page at `path`, under an outlet giving it the viewer as the dashboard does. */
export function renderAdminPage(viewer: LoggedInUser, path: string, page: ReactElement, at: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Outlet context={{ viewer }} />,
        children: [
          { path, element: page },
          { path: '*', element: <p>Elsewhere</p> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  const view = render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router };
}

export function makeStaffBook(id: number, overrides: Partial<StaffBook> = {}): StaffBook {
  return {
    id,
    title: `Book ${id}`,
    titleAr: null,
    description: 'A book.',
    descriptionAr: null,
    isbn: '9780306406157',
    price: 40,
    discountPercentage: 0,
    discountedPrice: 40,
    isInStock: true,
    stockQuantity: 12,
    isNextDayDeliveryEligible: false,
    rating: 0,
    ratingCount: 0,
    mainImageURL: null,
    imageUrls: [],
    mainImageIndex: 0,
    authors: [{ id: 1, name: 'Ann Author', nameAr: null }],
    genres: [{ id: 1, name: 'Fiction', nameAr: null }],
    isActive: true,
    ...overrides,
  };
}

/** A stand-in XMLHttpRequest: the test sees what was sent and decides progress and answer. */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  body: FormData | null = null;
  headers: Record<string, string> = {};
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}
