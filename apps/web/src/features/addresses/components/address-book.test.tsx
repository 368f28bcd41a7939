import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Address } from '@bookshop/contracts/addresses';
import { allMessages } from '../../../lib/i18n/all-catalogs.ts';
import { createI18n, I18nProvider } from '../../../lib/i18n/i18n.tsx';
import type { Locale } from '../../../lib/i18n/locale.ts';
import { answerApi } from '../../../test/network.ts';
import { createTestQueryClient } from '../../../test/render.tsx';
import { toast } from '../../../ui/toast.tsx';
import { AddressBook } from './address-book.tsx';

const home: Address = {
  id: 1,
  address: '12 Palm Street',
  country: 'AE',
  city: 'Dubai',
  phoneNo: '+971501234567',
  zipCode: '',
  emirate: 'Dubai',
  recipientName: null,
  isMain: true,
};
const office: Address = {
  id: 2,
  address: '4 Tower Road',
  country: 'GB',
  city: 'London',
  phoneNo: '+442071234567',
  zipCode: 'SW1A 1AA',
  emirate: null,
  recipientName: null,
  isMain: false,
};

const page = (data: Address[]) => ({
  data,
  paginationDetails: { currentPage: 1, totalPages: 1, noOfRecords: data.length, pageSize: 25 },
});

/** Lets a test hold a response back, to see the optimistic state before the server answers. */
function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

function renderBook(locale: Locale = 'en') {
  render(
    <I18nProvider i18n={createI18n(locale, allMessages(locale))}>
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter>
          <AddressBook />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const card = (name: string) => screen.getByRole('listitem', { name });
const isMain = (name: string) => within(card(name)).queryByText('Main Address') !== null;

afterEach(() => toast.reset());

describe('address book', () => {
  it('lists addresses with country names, and links to add and edit', async () => {
    answerApi(({ path }) => (path === '/api/v1/customers-addresses' ? { body: page([home, office]) } : undefined));
    renderBook();

    const london = await screen.findByRole('listitem', { name: '4 Tower Road, London' });
    expect(london).toHaveTextContent('United Kingdom');
    expect(london).toHaveTextContent('SW1A 1AA');
    expect(within(london).getByRole('link', { name: 'Edit — 4 Tower Road' })).toHaveAttribute(
      'href',
      '/update-address/2',
    );
    expect(screen.getByRole('link', { name: 'Add Address' })).toHaveAttribute('href', '/add-address');
    expect(isMain('12 Palm Street, Dubai')).toBe(true);
  });

  it('makes the chosen address main at once, puts the list back when the server refuses, then refetches', async () => {
    const user = userEvent.setup();
    const gate = deferred();
    const api = answerApi(async ({ method, path }) => {
      if (path === '/api/v1/customers-addresses' && method === 'GET') return { body: page([home, office]) };
      if (path === '/api/v1/customers-addresses/2/main-address' && method === 'PATCH') {
        await gate.promise;
        return { status: 500, body: { title: 'Internal Server Error', status: 500 } };
      }
      return undefined;
    });
    renderBook();

    await user.click(await screen.findByRole('button', { name: 'Set as Main — 4 Tower Road' }));
    // Optimistic: the chosen one is main, the other is not.
    expect(isMain('4 Tower Road, London')).toBe(true);
    expect(isMain('12 Palm Street, Dubai')).toBe(false);

    gate.release();
    await waitFor(() => expect(isMain('12 Palm Street, Dubai')).toBe(true));
    expect(isMain('4 Tower Road, London')).toBe(false);
    await waitFor(() => expect(api.sent('GET', '/api/v1/customers-addresses')).toHaveLength(2));
  });

  it('keeps the new main address when the server agrees', async () => {
    const user = userEvent.setup();
    let list = [home, office];
    answerApi(({ method, path }) => {
      if (path === '/api/v1/customers-addresses' && method === 'GET') return { body: page(list) };
      if (path === '/api/v1/customers-addresses/2/main-address' && method === 'PATCH') {
        list = [
          { ...office, isMain: true },
          { ...home, isMain: false },
        ];
        return { body: list[0] };
      }
      return undefined;
    });
    renderBook();

    await user.click(await screen.findByRole('button', { name: 'Set as Main — 4 Tower Road' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')[0]).toHaveAccessibleName('4 Tower Road, London'));
    expect(isMain('4 Tower Road, London')).toBe(true);
    expect(isMain('12 Palm Street, Dubai')).toBe(false);
  });

  it('deletes optimistically after confirming and brings the address back on error', async () => {
    const user = userEvent.setup();
    const gate = deferred();
    answerApi(async ({ method, path }) => {
      if (path === '/api/v1/customers-addresses' && method === 'GET') return { body: page([home, office]) };
      if (path === '/api/v1/customers-addresses/2' && method === 'DELETE') {
        await gate.promise;
        return { status: 404, body: { title: 'Not Found', status: 404, detail: 'This address does not exist.' } };
      }
      return undefined;
    });
    renderBook();

    await user.click(await screen.findByRole('button', { name: 'Delete — 4 Tower Road' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this address?' })).getByRole('button', {
        name: 'Delete Address',
      }),
    );
    expect(screen.queryByRole('listitem', { name: '4 Tower Road, London' })).not.toBeInTheDocument();

    gate.release();
    expect(await screen.findByRole('listitem', { name: '4 Tower Road, London' })).toBeInTheDocument();
  });

  it('says when there is no address yet', async () => {
    answerApi(({ path }) => (path === '/api/v1/customers-addresses' ? { body: page([]) } : undefined));
    renderBook();
    expect(await screen.findByText(/You have no saved addresses yet/)).toBeInTheDocument();
  });
});

describe('address book in Arabic', () => {
  it('names the emirate and the country in Arabic and leaves the address as typed', async () => {
    answerApi(({ path }) =>
      path === '/api/v1/customers-addresses' ? { body: page([home, { ...office, recipientName: 'سارة' }]) } : undefined,
    );
    renderBook('ar');

    expect(screen.getByRole('heading', { name: 'العناوين' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'أضف عنوانًا' })).toHaveAttribute('href', '/add-address');
    const dubai = await screen.findByRole('listitem', { name: '12 Palm Street، Dubai' });
    expect(dubai).toHaveTextContent('دبي، الإمارات العربية المتحدة');
    expect(within(dubai).getByText('العنوان الرئيسي')).toBeInTheDocument();
    const london = screen.getByRole('listitem', { name: '4 Tower Road، London' });
    expect(london).toHaveTextContent('المملكة المتحدة');
    expect(london).toHaveTextContent('المستلم: سارة');
    expect(within(london).getByRole('button', { name: 'اجعله العنوان الرئيسي — 4 Tower Road' })).toBeInTheDocument();
    expect(within(london).getByRole('link', { name: 'تعديل — 4 Tower Road' })).toBeInTheDocument();
  });
});
