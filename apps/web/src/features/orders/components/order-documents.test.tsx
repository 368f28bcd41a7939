import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../../lib/api-client.ts';
import { answerApi, problem } from '../../../test/network.ts';
import { makeOrder } from '../../../test/order-fixtures.ts';
import { renderWithQueryClient } from '../../../test/render.tsx';
import { OrderDocuments } from './order-documents.tsx';

const invoice = {
  type: 'invoice' as const,
  number: 'INV-2026-000012',
  issuedAt: '2026-11-23T11:07:00.000Z',
  total: 130,
  vatAmount: 6.19,
  url: '/api/v1/orders/7/invoice',
};
const creditNote = {
  type: 'credit-note' as const,
  number: 'CN-2026-000003',
  issuedAt: '2026-11-25T09:00:00.000Z',
  total: 40,
  vatAmount: 1.9,
  url: '/api/v1/orders/7/credit-notes/CN-2026-000003',
};

describe('OrderDocuments (the order page of its customer and of staff)', () => {
  afterEach(() => {
    tokenStore.set(null);
    vi.unstubAllGlobals();
  });

  it('shows nothing before the order has a document', () => {
    const { container } = renderWithQueryClient(<OrderDocuments order={makeOrder({ documents: [] })} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("links 'Download invoice' and each credit note to their PDFs, with number, date and amounts", () => {
    renderWithQueryClient(<OrderDocuments order={makeOrder({ documents: [invoice, creditNote] })} />);
    const section = screen.getByRole('region', { name: 'Invoices' });
    expect(within(section).getByRole('link', { name: 'Download invoice' })).toHaveAttribute('href', invoice.url);
    expect(within(section).getByRole('link', { name: 'Download credit note CN-2026-000003' })).toHaveAttribute(
      'href',
      creditNote.url,
    );
    expect(section).toHaveTextContent('INV-2026-000012 · 23/11/2026, 3:07 PM · Dhs 130.00 (VAT Dhs 6.19)');
    expect(section).toHaveTextContent('CN-2026-000003');
  });

  it('fetches the PDF with the bearer token and saves it under the name the API gives', async () => {
    tokenStore.set('customer-token');
    const files: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => (files.push(blob), 'blob:invoice'),
        revokeObjectURL: vi.fn(),
      }),
    );
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    const api = answerApi(({ path }) =>
      path === '/api/v1/orders/7/invoice'
        ? new Response('%PDF-1.7', {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="INV-2026-000012.pdf"',
            },
          })
        : undefined,
    );
    renderWithQueryClient(<OrderDocuments order={makeOrder({ documents: [invoice] })} />);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Download invoice' }));
    await waitFor(() => expect(saved).toEqual(['INV-2026-000012.pdf blob:invoice']));
    expect(await files[0]!.text()).toBe('%PDF-1.7');
    expect(Object.fromEntries(api.sent('GET', '/api/v1/orders/7/invoice')[0]!.headers)).toMatchObject({
      authorization: 'Bearer customer-token',
    });
    click.mockRestore();
  });

  it('says so when the download fails', async () => {
    answerApi(() => problem(404, 'Not Found'));
    renderWithQueryClient(<OrderDocuments order={makeOrder({ documents: [creditNote] })} />);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Download credit note CN-2026-000003' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The document could not be downloaded. Please try again.',
    );
  });
});
