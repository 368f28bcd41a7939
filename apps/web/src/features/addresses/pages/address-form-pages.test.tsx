import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Address } from '@bookshop/contracts/addresses';
import { allMessages } from '../../../lib/i18n/all-catalogs.ts';
import { createI18n, I18nProvider } from '../../../lib/i18n/i18n.tsx';
import type { Locale } from '../../../lib/i18n/locale.ts';
import { answerApi, type ApiRequest, type ApiReply } from '../../../test/network.ts';
import { createTestQueryClient } from '../../../test/render.tsx';
import { toast } from '../../../ui/toast.tsx';
import { AddAddressPage } from './add-address-page.tsx';
import { UpdateAddressPage } from './update-address-page.tsx';
import { addressKeys } from '../../../lib/query-keys.ts';

const countries = [
  { code: 'AE', name: 'United Arab Emirates' },
  { code: 'GB', name: 'United Kingdom' },
];
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
const page = (data: Address[]) => ({
  data,
  paginationDetails: { currentPage: 1, totalPages: 1, noOfRecords: data.length, pageSize: 25 },
});

function stub(extra: (request: ApiRequest) => ApiReply | undefined = () => undefined, list: Address[] = [home]) {
  return answerApi((request) => {
    if (request.path === '/api/v1/countries') return { body: countries };
    if (request.path === '/api/v1/customers-addresses' && request.method === 'GET') return { body: page(list) };
    return extra(request);
  });
}

function renderAt(path: string, client: QueryClient = createTestQueryClient(), locale: Locale = 'en') {
  const router = createMemoryRouter(
    [
      { path: '/add-address', element: <AddAddressPage /> },
      { path: '/update-address/:id', element: <UpdateAddressPage /> },
      { path: '/account', element: <p>Account page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nProvider i18n={createI18n(locale, allMessages(locale))}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { router, client };
}

async function ready() {
  await waitFor(() => expect(screen.getByRole('option', { name: 'United Arab Emirates' })).toBeInTheDocument());
}

afterEach(() => toast.reset());

describe('add address form', () => {
  it('validates on every change with the shared messages, judging the phone for the chosen country', async () => {
    const user = userEvent.setup();
    stub();
    renderAt('/add-address');
    await ready();

    const address = screen.getByRole('textbox', { name: 'Address' });
    await user.type(address, 'x');
    await user.clear(address);
    expect(address).toHaveAccessibleDescription(/Address is required\./);

    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Dubai');
    const phone = screen.getByRole('textbox', { name: 'Phone Number' });
    await user.type(phone, '020 7123 4567');
    expect(await screen.findByText('Enter a valid phone number for United Arab Emirates.')).toBeInTheDocument();

    // The same number is right for the United Kingdom: changing the country re-checks it.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'GB');
    await waitFor(() => expect(screen.queryByText(/Enter a valid phone number/)).not.toBeInTheDocument());

    await user.type(screen.getByRole('textbox', { name: 'Zip Code (optional)' }), 'AB#1');
    expect(
      await screen.findByText('Zip code may contain only letters, digits, spaces and hyphens.'),
    ).toBeInTheDocument();
  });

  it('saves the address, appends it to the cached list with its new id and returns to the account page', async () => {
    const user = userEvent.setup();
    const api = stub(({ method, path, body }) =>
      method === 'POST' && path === '/api/v1/customers-addresses'
        ? { status: 201, body: { id: 9, ...(body as object), isMain: false } }
        : undefined,
    );
    const { router, client } = renderAt('/add-address');
    await ready();
    await waitFor(() => expect(client.getQueryData(addressKeys.list)).toEqual([home]));

    // The shop's own country is chosen already (issue 21): nobody has to scroll to it.
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveDisplayValue('United Arab Emirates');
    await user.type(screen.getByRole('textbox', { name: 'Address' }), '7 Creek Lane');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Sharjah');
    await user.type(screen.getByRole('textbox', { name: 'Phone Number' }), '050 123 4567');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(router.state.location.hash).toBe('#addresses');
    // The form sends the number in E.164, as the shared schema normalises it.
    expect(api.sent('POST', '/api/v1/customers-addresses')[0]?.body).toEqual({
      address: '7 Creek Lane',
      country: 'AE',
      city: 'Sharjah',
      phoneNo: '+971501234567',
      zipCode: '',
      // The city named the emirate, and the select took it (decision 079).
      emirate: 'Sharjah',
      recipientName: null,
      isMain: false,
    });
    expect(client.getQueryData<Address[]>(addressKeys.list)?.map((a) => a.id)).toEqual([1, 9]);
  });

  it('asks for the emirate only while the country is the UAE', async () => {
    const user = userEvent.setup();
    stub();
    renderAt('/add-address');
    await ready();

    const emirate = screen.getByRole('combobox', { name: 'Emirate' });
    expect(emirate).toHaveDisplayValue('Choose an emirate');
    expect(
      within(emirate)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Choose an emirate',
      'Abu Dhabi',
      'Dubai',
      'Sharjah',
      'Ajman',
      'Umm Al Quwain',
      'Ras Al Khaimah',
      'Fujairah',
    ]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'GB');
    expect(screen.queryByRole('combobox', { name: 'Emirate' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'AE');
    expect(screen.getByRole('combobox', { name: 'Emirate' })).toBeInTheDocument();
  });

  it("chooses the emirate a town names, sends the customer's own choice and the recipient", async () => {
    const user = userEvent.setup();
    const api = stub(({ method, path, body }) =>
      method === 'POST' && path === '/api/v1/customers-addresses'
        ? { status: 201, body: { id: 9, ...(body as object), isMain: false } }
        : undefined,
    );
    const { router } = renderAt('/add-address');
    await ready();

    await user.type(screen.getByRole('textbox', { name: 'Address' }), 'Villa 3, Al Jimi');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Al Ain');
    const emirate = screen.getByRole('combobox', { name: 'Emirate' });
    expect(emirate).toHaveDisplayValue('Abu Dhabi');
    await user.selectOptions(emirate, 'Dubai');
    await user.type(screen.getByRole('textbox', { name: 'Phone Number' }), '050 123 4567');
    await user.type(screen.getByRole('textbox', { name: 'Recipient Name (optional)' }), 'Omar Saleh');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(api.sent('POST', '/api/v1/customers-addresses')[0]?.body).toMatchObject({
      city: 'Al Ain',
      emirate: 'Dubai',
      recipientName: 'Omar Saleh',
    });
  });

  it("shows the server's field errors under their fields", async () => {
    const user = userEvent.setup();
    stub(({ method }) =>
      method === 'POST'
        ? {
            status: 400,
            body: { title: 'Bad Request', status: 400, errors: { country: ['Choose a country from the list.'] } },
          }
        : undefined,
    );
    renderAt('/add-address');
    await ready();

    await user.type(screen.getByRole('textbox', { name: 'Address' }), '7 Creek Lane');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'GB');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'London');
    await user.type(screen.getByRole('textbox', { name: 'Phone Number' }), '020 7123 4567');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));

    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Country' })).toHaveAccessibleDescription(
        'Choose a country from the list.',
      ),
    );
  });

  it('makes the first address main, with the box ticked and locked', async () => {
    stub(undefined, []);
    renderAt('/add-address');
    const box = await screen.findByRole('checkbox', { name: 'Make this my main address' });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(screen.getByText('Your first address is your main address.')).toBeInTheDocument();
  });
});

describe('update address form', () => {
  it('starts from the saved address and sends the change with its id', async () => {
    const user = userEvent.setup();
    const api = stub(({ method, path, body }) =>
      method === 'GET' && path === '/api/v1/customers-addresses/1'
        ? { body: home }
        : method === 'PUT'
          ? { body: { ...home, ...(body as object) } }
          : undefined,
    );
    const { router } = renderAt('/update-address/1');
    await ready();

    const city = await screen.findByRole('textbox', { name: 'City' });
    expect(city).toHaveValue('Dubai');
    await user.clear(city);
    expect(city).toHaveAccessibleDescription('City is required.');
    await user.type(city, 'Abu Dhabi');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(api.sent('PUT', '/api/v1/customers-addresses')[0]?.body).toMatchObject({
      id: 1,
      city: 'Abu Dhabi',
      phoneNo: '+971501234567',
    });
  });

  it('shows and saves the saved country when the address is on screen before the list of countries', async () => {
    // Coming from the account page, the address is cached but the countries are not loaded yet.
    const user = userEvent.setup();
    let sendCountries = () => {};
    const countriesSent = new Promise<void>((resolve) => (sendCountries = resolve));
    const api = answerApi(async ({ method, path, body }) => {
      if (path === '/api/v1/countries') {
        await countriesSent;
        return { body: countries };
      }
      if (method === 'PUT') return { body: { ...home, ...(body as object) } };
      if (path === '/api/v1/customers-addresses') return { body: page([home]) };
      return path === '/api/v1/customers-addresses/1' ? { body: home } : undefined;
    });
    const client = createTestQueryClient();
    client.setQueryData(addressKeys.list, [home]);
    const { router } = renderAt('/update-address/1', client);
    expect(await screen.findByRole('textbox', { name: 'City' })).toHaveValue('Dubai');

    sendCountries();
    await ready();
    const country = screen.getByRole('combobox', { name: 'Country' });
    expect(country).toBeEnabled();
    expect(country).toHaveDisplayValue('United Arab Emirates');
    expect(screen.getByRole('option', { name: 'United Arab Emirates' })).toHaveProperty('selected', true);

    // Saved as shown, without choosing the country again.
    await user.clear(screen.getByRole('textbox', { name: 'City' }));
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Abu Dhabi');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(api.sent('PUT', '/api/v1/customers-addresses')[0]?.body).toMatchObject({ country: 'AE', city: 'Abu Dhabi' });
  });

  it('says when the address does not exist', async () => {
    stub();
    renderAt('/update-address/99');
    expect(await screen.findByText('This address does not exist.')).toBeInTheDocument();
  });
});

describe('add address form in Arabic', () => {
  it('labels in Arabic, names countries and emirates in Arabic and sends their codes and English names', async () => {
    const user = userEvent.setup();
    const api = stub(({ method, path, body }) =>
      method === 'POST' && path === '/api/v1/customers-addresses'
        ? { status: 201, body: { id: 9, ...(body as object), isMain: false } }
        : undefined,
    );
    const { router } = renderAt('/add-address', createTestQueryClient(), 'ar');

    expect(screen.getByRole('heading', { level: 1, name: 'أضف عنوانًا' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('أضف عنوانًا | Bookshop'));
    const country = await screen.findByRole('combobox', { name: 'الدولة' });
    await waitFor(() => expect(country).toHaveDisplayValue('الإمارات العربية المتحدة'));
    const emirate = screen.getByRole('combobox', { name: 'الإمارة' });
    expect(
      within(emirate)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['اختر إمارة', 'أبوظبي', 'دبي', 'الشارقة', 'عجمان', 'أم القيوين', 'رأس الخيمة', 'الفجيرة']);
    for (const name of ['العنوان', 'المدينة', 'اسم المستلم (اختياري)'])
      expect(screen.getByRole('textbox', { name })).toHaveAttribute('dir', 'auto');

    await user.type(screen.getByRole('textbox', { name: 'العنوان' }), 'شارع الخليج 7');
    await user.type(screen.getByRole('textbox', { name: 'المدينة' }), 'الشارقة');
    await user.selectOptions(emirate, 'الشارقة');
    await user.type(screen.getByRole('textbox', { name: 'رقم الهاتف' }), '050 123 4567');
    await user.click(screen.getByRole('button', { name: 'احفظ العنوان' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(api.sent('POST', '/api/v1/customers-addresses')[0]?.body).toMatchObject({
      address: 'شارع الخليج 7',
      country: 'AE',
      city: 'الشارقة',
      emirate: 'Sharjah',
    });
  });
});
