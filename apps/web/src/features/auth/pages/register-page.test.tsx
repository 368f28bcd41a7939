import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthMessages } from '@bookshop/contracts/auth';
import { Messages } from '@bookshop/contracts/messages';
import { Routes } from '@bookshop/contracts/routes';
import { allMessages } from '../../../lib/i18n/all-catalogs.ts';
import { createI18n, setPageI18n } from '../../../lib/i18n/i18n.tsx';
import { toast } from '../../../ui/toast.tsx';
import { fakeApi, ok, problem } from '../testing/fake-api.ts';
import { renderRoutes, WhereAmI } from '../testing/render.tsx';
import { RegisterPage } from './register-page.tsx';

function renderRegister() {
  return renderRoutes(
    [
      { path: Routes.register, element: <RegisterPage /> },
      { path: Routes.login, element: <WhereAmI /> },
    ],
    {
      at: Routes.register,
    },
  );
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

afterEach(() => {
  act(() => toast.reset());
});

describe('/register', () => {
  it('shows every validation message of the shared schema as the visitor types', async () => {
    fakeApi({ 'GET /api/v1/config': ok({ googleClientId: null }), 'POST /api/v1/customers/check-email': ok(false) });
    const user = userEvent.setup();
    renderRegister();

    const expectMessage = async (message: string) => expect(await screen.findByText(message)).toBeInTheDocument();

    await user.type(field('Email Address'), 'reader');
    await expectMessage(Messages.invalidEmail);
    await user.type(field('Email Address'), '@example.com');
    await waitFor(() => expect(screen.queryByText(Messages.invalidEmail)).not.toBeInTheDocument());

    await user.type(field('User Name'), 'ab');
    await expectMessage(Messages.userNameMin);
    await user.clear(field('User Name'));
    await expectMessage(Messages.userNameRequired);

    await user.type(field('First Name'), 'a');
    await expectMessage(Messages.firstNameMin);
    await user.clear(field('First Name'));
    await expectMessage(Messages.firstNameRequired);
    await user.type(field('First Name'), 'a'.repeat(51));
    await expectMessage(Messages.firstNameMax);

    await user.type(field('Last Name'), 'b');
    await expectMessage(Messages.lastNameMin);
    await user.clear(field('Last Name'));
    await expectMessage(Messages.lastNameRequired);
    await user.type(field('Last Name'), 'b'.repeat(51));
    await expectMessage(Messages.lastNameMax);

    const password = field('Password');
    await user.type(password, 'a');
    await expectMessage(Messages.passwordMin);
    await user.clear(password);
    await expectMessage(Messages.passwordRequired);
    await user.type(password, 'ABCDEFGH');
    await expectMessage(Messages.passwordLowercase);
    await user.clear(password);
    await user.type(password, 'abcdefgh');
    await expectMessage(Messages.passwordUppercase);
    await user.type(password, 'X');
    await expectMessage(Messages.passwordNumber);
    await user.type(password, '1');
    await expectMessage(Messages.passwordSpecial);
    await user.type(password, '!');
    await waitFor(() => expect(screen.queryByText(Messages.passwordSpecial)).not.toBeInTheDocument());

    const confirm = field('Confirm Password');
    await user.type(confirm, 'x');
    await expectMessage(Messages.passwordsDontMatch);
    await user.clear(confirm);
    await expectMessage(Messages.confirmPasswordRequired);
    await user.type(confirm, 'abcdefghX1!');
    await waitFor(() => expect(screen.queryByText(Messages.passwordsDontMatch)).not.toBeInTheDocument());
    // Changing the password again re-checks the confirmation.
    await user.type(password, '?');
    await expectMessage(Messages.passwordsDontMatch);
  });

  it('says on leaving the e-mail field that the address is registered, with a Login? link', async () => {
    const api = fakeApi({
      'GET /api/v1/config': ok({ googleClientId: null }),
      'POST /api/v1/customers/check-email': ({ body }) =>
        ok((body as { emailAddress: string }).emailAddress === 'taken@example.com'),
    });
    const user = userEvent.setup();
    renderRegister();

    // A malformed address is not sent.
    await user.type(field('Email Address'), 'taken@');
    await user.tab();
    expect(api.to('POST /api/v1/customers/check-email')).toHaveLength(0);

    await user.type(field('Email Address'), 'example.com');
    await user.tab();
    const notice = await screen.findByText(Messages.emailAlreadyRegistered('taken@example.com'), { exact: false });
    expect(api.to('POST /api/v1/customers/check-email')[0]?.body).toMatchObject({ emailAddress: 'taken@example.com' });
    const loginLink = screen.getByRole('link', { name: 'Login?' });
    expect(notice).toContainElement(loginLink);
    expect(loginLink).toHaveAttribute('href', Routes.login);

    // Another address hides the notice; a free one shows none.
    await user.clear(field('Email Address'));
    await user.type(field('Email Address'), 'free@example.com');
    expect(screen.queryByText(/is already registered/)).not.toBeInTheDocument();
    await user.tab();
    await waitFor(() => expect(api.to('POST /api/v1/customers/check-email')).toHaveLength(2));
    expect(screen.queryByText(/is already registered/)).not.toBeInTheDocument();
  });

  it('shows and hides the passwords with their toggles', async () => {
    fakeApi({ 'GET /api/v1/config': ok({ googleClientId: null }) });
    const user = userEvent.setup();
    renderRegister();

    expect(field('Password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field('Password')).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(field('Password')).toHaveAttribute('type', 'password');

    expect(field('Confirm Password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(field('Confirm Password')).toHaveAttribute('type', 'text');
  });

  it('registers, shows the 5-second notice to confirm the e-mail, and goes to login', async () => {
    const api = fakeApi({
      'GET /api/v1/config': ok({ googleClientId: null }),
      'POST /api/v1/customers/check-email': ok(false),
      'POST /api/v1/customers/register': ({ body }) => ok({ ...(body as object), id: 7 }, 201),
    });
    const user = userEvent.setup();
    renderRegister();

    await user.type(field('Email Address'), 'new@example.com');
    await user.type(field('User Name'), 'newreader');
    await user.type(field('First Name'), 'Nora');
    await user.type(field('Last Name'), 'Reader');
    await user.type(field('Password'), 'Secret#123');
    await user.type(field('Confirm Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const notice = await screen.findByText(AuthMessages.registered);
    expect(notice.closest('[role="status"]')).toHaveTextContent('new@example.com');
    expect(await screen.findByTestId('location')).toHaveTextContent(Routes.login);
    expect(api.to('POST /api/v1/customers/register')[0]?.body).toMatchObject({
      emailAddress: 'new@example.com',
      userName: 'newreader',
      firstName: 'Nora',
      lastName: 'Reader',
      password: 'Secret#123',
      confirmPassword: 'Secret#123',
    });
  });

  it('shows a spinner on Register while the request is pending, and logs a failure', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    let answer: (reply: ReturnType<typeof problem>) => void = () => {};
    fakeApi({
      'GET /api/v1/config': ok({ googleClientId: null }),
      'POST /api/v1/customers/check-email': ok(false),
      'POST /api/v1/customers/register': () => new Promise((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    renderRegister();

    await user.type(field('Email Address'), 'new@example.com');
    await user.type(field('User Name'), 'newreader');
    await user.type(field('First Name'), 'Nora');
    await user.type(field('Last Name'), 'Reader');
    await user.type(field('Password'), 'Secret#123');
    await user.type(field('Confirm Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const button = await screen.findByRole('button', { name: 'Register' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');

    answer(problem(409, 'Conflict', { detail: 'Taken' }));
    await waitFor(() => expect(button).toBeEnabled());
    expect(info).toHaveBeenCalledWith(Messages.unexpectedError);
    info.mockRestore();
  });

  it('offers Google sign-in only when the API has it enabled', async () => {
    fakeApi({ 'GET /api/v1/config': ok({ googleClientId: null }) });
    const first = renderRegister();
    await screen.findByRole('button', { name: 'Register' });
    await waitFor(() => expect(first.client.getQueryState(['config'])?.status).toBe('success'));
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
    expect(screen.queryByRole('separator', { name: 'OR' })).not.toBeInTheDocument();
    first.unmount();

    fakeApi({ 'GET /api/v1/config': ok({ googleClientId: 'client-123.apps.googleusercontent.com' }) });
    renderRegister();
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(screen.getByRole('separator', { name: 'OR' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', Routes.login);
  });
});

describe('/ar/register', () => {
  afterEach(() => setPageI18n(createI18n('en', allMessages('en'))));

  it('speaks Arabic, lets names be typed in either script, and registers in the page language', async () => {
    // The browser's page language, as main.tsx sets it on an /ar page: the API client sends it.
    setPageI18n(createI18n('ar', allMessages('ar')));
    const api = fakeApi({
      'GET /api/v1/config': ok({ googleClientId: null }),
      'POST /api/v1/customers/check-email': ok(false),
      'POST /api/v1/customers/register': ok({ emailAddress: 'nora@example.com' }, 201),
    });
    const user = userEvent.setup();
    renderRoutes(
      [
        { path: Routes.register, element: <RegisterPage /> },
        { path: Routes.login, element: <WhereAmI /> },
      ],
      { at: Routes.register, locale: 'ar' },
    );

    expect(screen.getByRole('heading', { level: 1, name: 'إنشاء حساب' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('إنشاء حساب | Bookshop'));
    expect(screen.getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute('href', Routes.login);
    for (const label of ['اسم المستخدم', 'الاسم الأول', 'اسم العائلة'])
      expect(field(label)).toHaveAttribute('dir', 'auto');

    const firstName = field('الاسم الأول');
    await user.type(firstName, 'ن');
    await waitFor(() => expect(firstName).toHaveAttribute('aria-invalid', 'true'));

    await user.type(field('البريد الإلكتروني'), 'nora@example.com');
    await user.type(field('اسم المستخدم'), 'nora_reads');
    await user.type(firstName, 'ورة');
    await user.type(field('اسم العائلة'), 'الحمادي');
    await user.type(field('كلمة المرور'), 'Secret#123');
    await user.type(field('تأكيد كلمة المرور'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'إنشاء حساب' }));

    const notice = await screen.findByText('تم التسجيل بنجاح. تحقّق من بريدك الإلكتروني لتأكيد عنوانك.');
    expect(notice.closest('[role="status"]')).toHaveTextContent(
      'أرسلنا رابط تأكيد إلى nora@example.com. افتحه، ثم سجّل الدخول.',
    );
    expect(await screen.findByTestId('location')).toHaveTextContent(Routes.login);
    const [sent] = api.to('POST /api/v1/customers/register');
    // No language in the form: the API takes the page's, which the client sends with every request.
    expect(sent?.headers.get('Accept-Language')).toBe('ar');
    expect(sent?.body).toMatchObject({ firstName: 'نورة', lastName: 'الحمادي' });
    expect(sent?.body).not.toHaveProperty('preferredLanguage');
  });
});
