import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { OwnReview } from '@bookshop/contracts/reviews';
import { allMessages } from '../../../lib/i18n/all-catalogs.ts';
import { createI18n, I18nProvider } from '../../../lib/i18n/i18n.tsx';
import { answerApi } from '../../../test/network.ts';
import { createTestQueryClient } from '../../../test/render.tsx';
import { makeOwnReview } from '../../../test/review-fixtures.ts';
import { ReviewPage } from './review-page.tsx';

/* /ar/reviews/{id}/{bookTitle} (decision 089): writing or editing a review on an Arabic page. */

const arabic = createI18n('ar', allMessages('ar'));

function renderReviewPage(own: OwnReview | null = null) {
  answerApi(({ method, path }) => {
    if (method === 'GET' && path === '/api/v1/reviews/review-by/7') return { body: own };
    if (method === 'GET' && path === '/api/v1/reviews/eligibility/7')
      return { body: { hasPurchased: true, reviewId: own?.id ?? null } };
    return undefined;
  });
  const router = createMemoryRouter([{ path: '/reviews/:id/:bookTitle', element: <ReviewPage /> }], {
    initialEntries: ['/reviews/7/Emma'],
  });
  render(
    <I18nProvider i18n={arabic}>
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('/ar/reviews/{id}/{bookTitle}', () => {
  it('labels the form in Arabic, and the left arrow gives more stars in the right-to-left row', async () => {
    const user = userEvent.setup();
    renderReviewPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'اكتب مراجعة' })).toBeInTheDocument();
    expect(await screen.findByRole('radiogroup', { name: 'تقييمك' })).toBeInTheDocument();
    expect(screen.getByText('لم تقيّم بعد')).toBeInTheDocument();
    const subject = screen.getByLabelText('العنوان');
    expect(subject).toHaveAttribute('dir', 'auto');
    expect(screen.getByText('لخّص مراجعتك في كلمات قليلة.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('التعليق'), 'رائعة');
    expect(screen.getByText('ما الذي أعجبك أو لم يعجبك؟ 5 / 2000 حرف.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'نشر المراجعة' })).toBeInTheDocument();

    screen.getByRole('radio', { name: 'نجمة واحدة' }).focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '3 نجوم' })).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'نجمتان' })).toHaveAttribute('aria-checked', 'true');
  });

  it('offers to edit and delete a review already written', async () => {
    renderReviewPage(makeOwnReview({ id: 40, bookId: 7, rating: 4, isHidden: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'تعديل مراجعتك' })).toBeInTheDocument();
    expect(await screen.findByRole('note')).toHaveTextContent('أخفى فريقنا هذه المراجعة من صفحة الكتاب.');
    expect(screen.getByRole('radio', { name: '4 نجوم' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('button', { name: 'تحديث المراجعة' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'حذف المراجعة' })).toBeInTheDocument();
  });
});
