import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthMessages, ProblemType } from '@bookshop/contracts/auth';
import { Messages } from '@bookshop/contracts/messages';
import { Routes } from '@bookshop/contracts/routes';
import { resetSession } from '../session/session-store.ts';
import { fakeApi, makeUser, ok, problem } from '../testing/fake-api.ts';
import { renderRoutes } from '../testing/render.tsx';
import { toast } from '../../../ui/toast.tsx';
import { LoginPage } from './login-page.tsx';

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const renderLogin = () => renderRoutes([{ path: Routes.login, element: <LoginPage /> }], { at: Routes.login });

afterEach(() => {
  act(() => resetSession());
});

describe('/login', () => {
  it('validates e-mail and password on every change with the spec messages', async () => {
    fakeApi({ 'GET /api/v1/config': ok({ googleClientId: null }) });
    const user = userEvent.setup();
    renderLogin();

    await user.type(field('Email Address'), 'nora@');
    expect(await screen.findByText(Messages.invalidEmail)).toBeInTheDocument();
    await user.type(field('Email Address'), 'example.com');
    await waitFor(() => expect(screen.queryByText(Messages.invalidEmail)).not.toBeInTheDocument());

    const password = field('Password');
    for (const [typed, message] of [
      ['a', Messages.passwordMin],
      ['', Messages.passwordRequired],
      ['ABCDEFGH', Messages.passwordLowercase],
      ['abcdefgh', Messages.passwordUppercase],
      ['abcdefgH', Messages.passwordNumber],
      ['abcdefH1', Messages.passwordSpecial],
    ] as const) {
      await user.clear(password);
      if (typed) await user.type(password, typed);
      else await user.type(password, 'x{Backspace}');
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
  });

  it('has the show/hide toggle, the Forgot Password ? and Register links, and no Google button when it is off', async () => {
    const api = fakeApi({ 'GET /api/v1/config': ok({ googleClientId: null }) });
    const user = userEvent.setup();
    renderLogin();

    expect(field('Password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field('Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(field('Password')).toHaveAttribute('type', 'password');

    expect(screen.getByRole('link', { name: 'Forgot Password ?' })).toHaveAttribute('href', Routes.forgotPassword);
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', Routes.register);
    await waitFor(() => expect(api.to('GET /api/v1/config')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
  });

  it('logs a failed login, shows a spinner while pending, and offers a new confirmation mail when unconfirmed', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    let answer: (reply: ReturnType<typeof problem>) => void = () => {};
    const api = fakeApi({
      'GET /api/v1/config': ok({ googleClientId: null }),
      'POST /api/v1/customers/login': () => new Promise((resolve) => (answer = resolve)),
      'POST /api/v1/customers/resend-confirmation': ok({ message: AuthMessages.confirmationSent }, 202),
    });
    const user = userEvent.setup();
    renderLogin();

    await user.type(field('Email Address'), 'nora@example.com');
    await user.type(field('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const button = screen.getByRole('button', { name: 'Login' });
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toBeDisabled();

    answer(
      problem(400, AuthMessages.emailNotConfirmedTitle, {
        type: ProblemType.emailNotConfirmed,
        detail: AuthMessages.emailNotConfirmed('nora@example.com'),
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Send the confirmation email again' }));
    expect(await screen.findByText(AuthMessages.confirmationSent)).toBeInTheDocument();
    expect(api.to('POST /api/v1/customers/resend-confirmation')[0]?.body).toEqual({ emailAddress: 'nora@example.com' });
    expect(info).toHaveBeenCalledWith(Messages.unexpectedError);
    info.mockRestore();
  });

  it("closes the 'Login Failed' toast once a login succeeds", async () => {
    fakeApi({
      'GET /api/v1/config': ok({ googleClientId: null }),
      'POST /api/v1/customers/login': ok(makeUser({ emailAddress: 'nora@example.com' })),
    });
    const user = userEvent.setup();
    renderLogin();
    // What the app's request-error toast shows for the first, mistyped attempt (the server's 400).
    act(() => void toast.error(AuthMessages.loginFailedTitle, 'The email address or password is incorrect.'));
    expect(await screen.findByText(AuthMessages.loginFailedTitle)).toBeInTheDocument();

    await user.type(field('Email Address'), 'nora@example.com');
    await user.type(field('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.queryByText(AuthMessages.loginFailedTitle)).not.toBeInTheDocument());
  });

  it('sends the visitor to Google with an id_token request, a random nonce and the select-account prompt', async () => {
    fakeApi({ 'GET /api/v1/config': ok({ googleClientId: 'client-123' }) });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'https://shop.example' });
    const user = userEvent.setup();
    renderLogin();

    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    const url = new URL(assign.mock.calls[0]?.[0] as string);
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'client-123',
      redirect_uri: 'https://shop.example/auth/google/callback',
      response_type: 'id_token',
      scope: 'openid email profile',
      nonce: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      prompt: 'select_account',
    });
    expect(sessionStorage.getItem('bookshop.google-sign-in')).toContain(url.searchParams.get('nonce'));
  });
});

describe('/ar/login', () => {
  it('speaks Arabic: heading, title, labels, links and button', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const api = fakeApi({
      'GET /api/v1/config': ok({ googleClientId: 'client-123' }),
      'POST /api/v1/customers/login': problem(400, AuthMessages.emailNotConfirmedTitle, {
        type: ProblemType.emailNotConfirmed,
        detail: AuthMessages.emailNotConfirmed('nora@example.com'),
      }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: Routes.login, element: <LoginPage /> }], { at: Routes.login, locale: 'ar' });

    expect(screen.getByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('تسجيل الدخول | Bookshop'));
    expect(screen.getByRole('link', { name: 'نسيت كلمة المرور؟' })).toHaveAttribute('href', Routes.forgotPassword);
    expect(screen.getByRole('link', { name: 'إنشاء حساب' })).toHaveAttribute('href', Routes.register);
    expect(screen.getByText(/ليس لديك حساب؟/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'تسجيل الدخول باستخدام Google' })).toBeInTheDocument();
    expect(screen.getByRole('separator', { name: 'أو' })).toBeInTheDocument();

    // A validation message shows under its Arabic-labelled field (its words are the contracts').
    const email = field('البريد الإلكتروني');
    await user.type(email, 'nora@');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    await user.type(email, 'example.com');
    await user.type(field('كلمة المرور'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByText('لم يُؤكَّد بريدك الإلكتروني بعد. ألم تصلك الرسالة؟')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'أرسل رسالة التأكيد مرة أخرى' })).toBeInTheDocument();
    expect(api.to('POST /api/v1/customers/login')[0]?.body).toMatchObject({
      emailAddress: 'nora@example.com',
      password: 'Secret#123',
    });
    expect(info).toHaveBeenCalled();
    info.mockRestore();
  });
});
