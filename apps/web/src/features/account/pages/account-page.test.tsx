import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountMessages, AVATAR_MAX_BYTES } from '@bookshop/contracts/account';
import { AuthMessages, type CustomerProfile } from '@bookshop/contracts/auth';
import { Messages } from '@bookshop/contracts/messages';
import { allMessages } from '../../../lib/i18n/all-catalogs.ts';
import { createI18n, I18nProvider } from '../../../lib/i18n/i18n.tsx';
import type { Locale } from '../../../lib/i18n/locale.ts';
import { answerApi, type ApiRequest, type ApiReply } from '../../../test/network.ts';
import { createTestQueryClient } from '../../../test/render.tsx';
import { toast, Toaster } from '../../../ui/toast.tsx';
import { AccountPage } from './account-page.tsx';

const profile: CustomerProfile = {
  id: 3,
  emailAddress: 'nora@example.com',
  userName: 'nora',
  firstName: 'Nora',
  lastName: 'Helmer',
  imageUrl: null,
  ianaZone: 'Asia/Dubai',
  personType: 1,
  loginProvider: 1,
  emailConfirmed: true,
  hasPassword: true,
  googleLinked: false,
  preferredLanguage: 'en',
  createdAt: '2026-11-01T10:00:00.000Z',
};
const googleOnly: CustomerProfile = { ...profile, loginProvider: 2, hasPassword: false };

const validationFailed = (errors: Record<string, string[]>, status = 400): ApiReply => ({
  status,
  body: { title: 'Validation Failed', status, errors },
});

function stub(
  extra: (request: ApiRequest) => ApiReply | undefined = () => undefined,
  saved: CustomerProfile = profile,
) {
  return answerApi((request) =>
    request.method === 'GET' && request.path === '/api/v1/customers' ? { body: saved } : extra(request),
  );
}

function renderPage(locale: Locale = 'en') {
  const callbacks = { onProfileSaved: vi.fn(), onAccountDeleted: vi.fn() };
  render(
    <I18nProvider i18n={createI18n(locale, allMessages(locale))}>
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter>
          <AccountPage
            addressBook={<section id="addresses">Addresses here</section>}
            ordersSection={<section id="orders">Orders here</section>}
            reviewsSection={<section id="reviews">Reviews here</section>}
            supportSection={<section id="support">Support here</section>}
            googleSignInSection={() => <section id="google-sign-in">Google sign-in here</section>}
            {...callbacks}
          />
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return callbacks;
}

const sentForm = (api: ReturnType<typeof stub>) => api.sent('PUT', '/api/v1/customers').at(-1)?.body as FormData;

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:avatar-preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => toast.reset());

// The time-zone list holds some 400 options, which makes role queries slow in jsdom.
describe('account page', { timeout: 20_000 }, () => {
  it('links only to its own sections (no page that does not exist yet)', async () => {
    stub();
    renderPage();
    const nav = screen.getByRole('navigation', { name: 'Account sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['#profile', '#orders', '#reviews', '#addresses', '#support', '#password', '#delete-account']);
    expect(await screen.findByText('Addresses here')).toBeInTheDocument();
    expect(screen.getByText('Support here')).toBeInTheDocument();
    expect(screen.getByText('Orders here')).toBeInTheDocument();
    expect(screen.getByText('Reviews here')).toBeInTheDocument();
  });
});

describe('profile', { timeout: 20_000 }, () => {
  it('saves the profile as multipart with the new avatar, after previewing it', async () => {
    const user = userEvent.setup();
    const api = stub(({ method, path }) =>
      method === 'PUT' && path === '/api/v1/customers'
        ? { body: { ...profile, firstName: 'Nina', imageUrl: '/images/a.webp' } }
        : undefined,
    );
    const callbacks = renderPage();

    const firstName = await screen.findByLabelText('First Name');
    expect(firstName).toHaveValue('Nora');
    await user.clear(firstName);
    expect(firstName).toHaveAccessibleDescription(Messages.firstNameRequired);
    await user.type(firstName, 'N');
    expect(firstName).toHaveAccessibleDescription(Messages.firstNameMin);
    await user.type(firstName, 'ina');

    const avatar = new File(['png'], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Avatar'), avatar);
    expect(screen.getByRole('img', { name: 'Preview of your new avatar' })).toHaveAttribute(
      'src',
      'blob:avatar-preview',
    );

    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    // The app refreshes the session then, so the header shows the new avatar and user name.
    await waitFor(() => expect(callbacks.onProfileSaved).toHaveBeenCalled());
    const sent = sentForm(api);
    expect(sent.get('firstName')).toBe('Nina');
    expect(sent.get('lastName')).toBe('Helmer');
    expect(sent.get('userName')).toBe('nora');
    expect(sent.get('ianaZone')).toBe('Asia/Dubai');
    expect(sent.get('type')).toBe('1');
    // The form crosses the network as multipart, so the chosen file arrives as its bytes and type.
    const image = sent.get('image') as File;
    expect(image.type).toBe(avatar.type);
    expect(await image.text()).toBe('png');
    expect(sent.has('removeImage')).toBe(false);
    expect(screen.getByText('Profile updated.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Your avatar' })).toHaveAttribute('src', '/images/a.webp');
    expect(screen.getByLabelText('Avatar')).toHaveValue('');
  });

  it('refuses, before uploading, a file that is not an accepted image type or is over the size limit', async () => {
    const user = userEvent.setup({ applyAccept: false });
    stub();
    renderPage();
    await screen.findByLabelText('First Name');

    await user.upload(screen.getByLabelText('Avatar'), new File(['hi'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByLabelText('Avatar')).toHaveAccessibleDescription(new RegExp(AccountMessages.imageType));
    expect(screen.queryByRole('img', { name: 'Preview of your new avatar' })).not.toBeInTheDocument();

    const big = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: AVATAR_MAX_BYTES + 1 });
    await user.upload(screen.getByLabelText('Avatar'), big);
    expect(screen.getByLabelText('Avatar')).toHaveAccessibleDescription(/The image must be at most 5 MB\./);
    expect(screen.getByRole('button', { name: 'Save Profile' })).toBeDisabled();
  });

  it("shows the server's field errors: a picture refused by content, a user name taken", async () => {
    const user = userEvent.setup();
    const api = stub(({ method, body }) => {
      if (method !== 'PUT') return undefined;
      const form = body as FormData;
      return form.has('image')
        ? validationFailed({ image: [AccountMessages.imageType] })
        : validationFailed({ userName: [AuthMessages.userNameTaken('Bobby')] }, 409);
    });
    const callbacks = renderPage();

    await user.upload(
      await screen.findByLabelText('Avatar'),
      new File(['not a png'], 'fake.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText(AccountMessages.imageType)).toBeInTheDocument();
    expect(screen.getByLabelText('Avatar')).toHaveAccessibleDescription(new RegExp(AccountMessages.imageType));
    expect(screen.queryByRole('img', { name: 'Preview of your new avatar' })).not.toBeInTheDocument();

    const userName = screen.getByLabelText('User Name');
    await user.clear(userName);
    await user.type(userName, 'Bobby');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(userName).toHaveAccessibleDescription(AuthMessages.userNameTaken('Bobby')));
    expect(api.sent('PUT', '/api/v1/customers')).toHaveLength(2);
    expect(sentForm(api).has('image')).toBe(false);
    expect(callbacks.onProfileSaved).not.toHaveBeenCalled();
  });

  it('removes the avatar with removeImage=true, and can be undone before saving', async () => {
    const user = userEvent.setup();
    const withAvatar = { ...profile, imageUrl: '/images/avatars/3/avatar-ab-400.webp' };
    const api = stub(
      ({ method }) => (method === 'PUT' ? { body: { ...withAvatar, imageUrl: null } } : undefined),
      withAvatar,
    );
    const callbacks = renderPage();

    expect(await screen.findByRole('img', { name: 'Your avatar' })).toHaveAttribute('src', withAvatar.imageUrl);
    const save = screen.getByRole('button', { name: 'Save Profile' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove Avatar' }));
    expect(screen.queryByRole('img', { name: 'Your avatar' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Avatar')).toHaveAccessibleDescription(/Your avatar will be removed when you save\./);
    await user.click(screen.getByRole('button', { name: 'Keep Avatar' }));
    expect(screen.getByRole('img', { name: 'Your avatar' })).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Remove Avatar' }));
    await user.click(save);
    await waitFor(() => expect(callbacks.onProfileSaved).toHaveBeenCalled());
    expect(sentForm(api).get('removeImage')).toBe('true');
    expect(sentForm(api).has('image')).toBe(false);
    expect(screen.queryByRole('button', { name: /Remove Avatar|Keep Avatar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Your avatar' })).not.toBeInTheDocument();
  });
});

describe('password', { timeout: 20_000 }, () => {
  it("checks the new password with the spec's rules on every change and shows the server's message", async () => {
    const user = userEvent.setup();
    const api = stub(({ method }) =>
      method === 'PATCH' ? { body: { message: AccountMessages.passwordChanged } } : undefined,
    );
    renderPage();

    const current = await screen.findByLabelText('Current Password');
    const next = screen.getByLabelText('New Password');
    const confirm = screen.getByLabelText('Confirm New Password');
    await user.type(next, 'abc');
    expect(next).toHaveAccessibleDescription(/Password must be at least 8 characters long\./);
    await user.type(next, 'defghi');
    expect(next).toHaveAccessibleDescription(/Password must contain at least one uppercase letter\./);
    await user.clear(next);
    await user.type(next, 'Abcdefg1');
    expect(next).toHaveAccessibleDescription(/Password must contain at least one special character\./);
    await user.type(next, '!');
    await user.type(confirm, 'Abcdefg1?');
    expect(confirm).toHaveAccessibleDescription("Passwords don't match.");
    await user.clear(confirm);
    await user.type(confirm, 'Abcdefg1!');
    expect(confirm).not.toHaveAccessibleDescription();

    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(current).toHaveAccessibleDescription(AccountMessages.currentPasswordRequired);
    await user.type(current, 'Abcdefg1!');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(next).toHaveAccessibleDescription(new RegExp(AccountMessages.samePassword));
    await user.clear(current);
    await user.type(current, 'Old#Pass1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(AccountMessages.passwordChanged)).toBeInTheDocument();
    expect(api.sent('PATCH', '/api/v1/customers')[0]?.body).toEqual({
      currentPassword: 'Old#Pass1',
      password: 'Abcdefg1!',
      confirmPassword: 'Abcdefg1!',
    });
    expect(next).toHaveValue('');
  });

  it('shows a wrong current password under that field', async () => {
    const user = userEvent.setup();
    stub(({ method }) =>
      method === 'PATCH'
        ? validationFailed({ currentPassword: [AccountMessages.currentPasswordIncorrect] })
        : undefined,
    );
    renderPage();

    const current = await screen.findByLabelText('Current Password');
    await user.type(current, 'Wrong#Pass1');
    await user.type(screen.getByLabelText('New Password'), 'Abcdefg1!');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Abcdefg1!');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(current).toHaveAccessibleDescription(AccountMessages.currentPasswordIncorrect));
    expect(screen.getByLabelText('New Password')).toHaveValue('Abcdefg1!');
  });

  it('offers a Google-only account Forgot Password ? instead of a form it could not use', async () => {
    stub(undefined, googleOnly);
    renderPage();

    const section = await screen.findByRole('region', { name: 'Password' });
    expect(await within(section).findByRole('link', { name: 'Forgot Password ?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change Password' })).not.toBeInTheDocument();
  });
});

describe('account deletion', { timeout: 20_000 }, () => {
  it('deletes the account after the password is confirmed in a dialog', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const api = stub(({ method, path }) => {
      if (method !== 'DELETE' || path !== '/api/v1/customers/account') return undefined;
      return ++attempts === 1 ? validationFailed({ password: [AccountMessages.passwordIncorrect] }) : { status: 204 };
    });
    const callbacks = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    const password = within(dialog).getByLabelText('Password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(password).toHaveAccessibleDescription(Messages.passwordRequired);
    await user.type(password, 'wrong');
    expect(password).not.toHaveAccessibleDescription();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(AccountMessages.passwordIncorrect));
    expect(callbacks.onAccountDeleted).not.toHaveBeenCalled();

    await user.clear(password);
    await user.type(password, 'Right#Pass1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    await waitFor(() => expect(callbacks.onAccountDeleted).toHaveBeenCalled());
    expect(api.sent('DELETE', '/api/v1/customers/account').map((request) => request.body)).toEqual([
      { password: 'wrong' },
      { password: 'Right#Pass1' },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Your account has been deleted.')).toBeInTheDocument();
  });

  it('asks a Google-only account to type DELETE and sends {confirm: "DELETE"}', async () => {
    const user = userEvent.setup();
    const api = stub(({ method }) => (method === 'DELETE' ? { status: 204 } : undefined), googleOnly);
    const callbacks = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    const word = within(dialog).getByLabelText('Type DELETE to confirm');
    await user.type(word, 'delete');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(word).toHaveAccessibleDescription(AccountMessages.confirmDeletion);
    expect(api.sent('DELETE', '/api/v1/customers/account')).toEqual([]);

    await user.clear(word);
    await user.type(word, 'DELETE');
    expect(word).not.toHaveAccessibleDescription();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    await waitFor(() => expect(callbacks.onAccountDeleted).toHaveBeenCalled());
    expect(api.sent('DELETE', '/api/v1/customers/account').map((request) => request.body)).toEqual([
      { confirm: 'DELETE' },
    ]);
  });
});

describe('e-mail language', { timeout: 20_000 }, () => {
  /** The API answers the saved profile: what was sent, over what it had. */
  const saving = (request: ApiRequest): ApiReply | undefined => {
    if (request.method !== 'PUT' || request.path !== '/api/v1/customers') return undefined;
    const form = request.body as FormData;
    return { body: { ...profile, preferredLanguage: form.get('preferredLanguage') } };
  };

  it('shows the saved language and saves a new one with the profile (PUT v1/customers)', async () => {
    const user = userEvent.setup();
    const api = stub(saving, { ...profile, preferredLanguage: 'ar' });
    const callbacks = renderPage();

    const language = await screen.findByLabelText('E-mail language');
    expect(language).toHaveValue('ar');
    expect(language).toHaveAccessibleDescription('The language of the e-mails we send you.');
    // Each language by its own name, on English pages too.
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'العربية']);
    await user.selectOptions(language, 'English');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    await waitFor(() => expect(callbacks.onProfileSaved).toHaveBeenCalled());
    expect(sentForm(api).get('preferredLanguage')).toBe('en');
    expect(language).toHaveValue('en');
    expect(screen.getByRole('button', { name: 'Save Profile' })).toBeDisabled();
  });

  it('reads Arabic on an Arabic page, and saves Arabic for the e-mails', async () => {
    const user = userEvent.setup();
    const api = stub(saving);
    renderPage('ar');

    expect(screen.getByRole('heading', { level: 1, name: 'حسابي' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('حسابي | Bookshop'));
    expect(screen.getByRole('navigation', { name: 'أقسام الحساب' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'الملف الشخصي' })).toBeInTheDocument();

    const language = await screen.findByLabelText('لغة الرسائل الإلكترونية');
    expect(language).toHaveValue('en');
    expect(language).toHaveAccessibleDescription('اللغة التي نرسل بها رسائلنا الإلكترونية إليك.');
    expect(screen.getByLabelText('الاسم الأول')).toHaveAttribute('dir', 'auto');
    expect(screen.getByLabelText('كلمة المرور الحالية')).toBeInTheDocument();

    await user.selectOptions(language, 'العربية');
    await user.click(screen.getByRole('button', { name: 'احفظ الملف الشخصي' }));

    expect(await screen.findByText('تم تحديث الملف الشخصي.')).toBeInTheDocument();
    const sent = sentForm(api);
    expect(sent.get('preferredLanguage')).toBe('ar');
    expect(sent.get('firstName')).toBe('Nora');
    expect(language).toHaveValue('ar');
  });
});
