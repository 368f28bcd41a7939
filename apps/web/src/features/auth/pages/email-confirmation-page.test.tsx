import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AuthMessages } from '@bookshop/contracts/auth';
import { Routes } from '@bookshop/contracts/routes';
import { fakeApi, ok, problem } from '../testing/fake-api.ts';
import { renderRoutes } from '../testing/render.tsx';
import { AdminEmailConfirmationPage, EmailConfirmationPage } from './email-confirmation-page.tsx';

const ID = 'abcdefghijklmnopqrstuvwx';

describe('/email-confirmation', () => {
  it('confirms the address once and offers the login', async () => {
    const api = fakeApi({
      [`POST /api/v1/customers/confirm-email/${ID}`]: ok({ emailAddress: 'nora@example.com', alreadyConfirmed: false }),
    });
    renderRoutes([{ path: Routes.emailConfirmation, element: <EmailConfirmationPage /> }], {
      at: `${Routes.emailConfirmation}?id=${ID}`,
    });

    expect(await screen.findByRole('heading', { name: 'Email address confirmed' })).toBeInTheDocument();
    expect(screen.getByText('nora@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', Routes.login);
    expect(api.requests).toHaveLength(1);
  });

  it.each([
    ['/email-confirmation', 'customers', Routes.emailConfirmation, <EmailConfirmationPage />, Routes.login],
    [
      '/admin/email-confirmation',
      'users',
      Routes.adminEmailConfirmation,
      <AdminEmailConfirmationPage />,
      Routes.adminLogin,
    ],
  ])('%s says a reopened link of a confirmed account is already confirmed', async (_, api, path, element, login) => {
    fakeApi({
      [`POST /api/v1/${api}/confirm-email/${ID}`]: ok({ emailAddress: 'nora@example.com', alreadyConfirmed: true }),
    });
    renderRoutes([{ path, element }], { at: `${path}?id=${ID}` });

    expect(await screen.findByRole('heading', { name: 'Email address already confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('nora@example.com was already confirmed. You can log in.');
    expect(screen.queryByText('Email address not confirmed')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', login);
  });

  it('explains a used or expired link and sends a new one', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const api = fakeApi({
      [`POST /api/v1/users/confirm-email/${ID}`]: problem(400, AuthMessages.invalidLinkTitle),
      'POST /api/v1/users/resend-confirmation': ok({ message: AuthMessages.confirmationSent }, 202),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: Routes.adminEmailConfirmation, element: <AdminEmailConfirmationPage /> }], {
      at: `${Routes.adminEmailConfirmation}?id=${ID}`,
    });

    expect(await screen.findByText(AuthMessages.confirmationLinkInvalid)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email Address'), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new confirmation link' }));
    expect(await screen.findByText(AuthMessages.confirmationSent)).toBeInTheDocument();
    expect(api.to('POST /api/v1/users/resend-confirmation')[0]?.body).toEqual({ emailAddress: 'sam@example.com' });
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', Routes.adminLogin);
    info.mockRestore();
  });
});
