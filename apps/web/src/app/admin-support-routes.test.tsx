import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { RoleName } from '@bookshop/contracts/enums';
import { AuthMessages } from '@bookshop/contracts/auth';
import { Routes } from '@bookshop/contracts/routes';
import { SupportMessages, type StaffTicket } from '@bookshop/contracts/support';
import { DashboardLayout } from '../features/staff/components/dashboard-layout.tsx';
import { makeViewer } from '../features/staff/testing/render-dashboard.tsx';
import { makeReply, makeStaffTicket, makeTicketSummary, pageOf } from '../features/support/testing/ticket-fixtures.ts';
import { answerApi, type ApiRequest, type ApiReply } from '../test/network.ts';
import { createTestQueryClient } from '../test/render.tsx';
import { Toaster, toast } from '../ui/toast.tsx';
import { AdminSupportRoute, AdminTicketRoute } from './admin-support-routes.tsx';

function renderAdmin(role: RoleName, at: string) {
  const router = createMemoryRouter(
    [
      {
        path: Routes.adminDashboard,
        element: <DashboardLayout viewer={makeViewer(role)} refreshSession={() => Promise.resolve(true)} />,
        children: [
          { path: Routes.adminSupport, element: <AdminSupportRoute /> },
          { path: Routes.adminSupportTicket, element: <AdminTicketRoute /> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => toast.reset());

/** One ticket on the server, changed by replies and status changes as the API would. */
function stubTicket(initial: StaffTicket, extra: (request: ApiRequest) => ApiReply | undefined = () => undefined) {
  let ticket = initial;
  const path = `/api/v1/support-tickets/${ticket.id}`;
  return answerApi((request) => {
    if (request.path === path && request.method === 'GET') return { body: ticket };
    if (request.path === path && request.method === 'PATCH') {
      const { status } = request.body as { status: 'open' | 'closed' };
      ticket = { ...ticket, status, closedAt: status === 'closed' ? '2026-11-22T10:00:00.000Z' : null };
      return { body: ticket };
    }
    if (request.path === `${path}/replies` && request.method === 'POST') {
      const { message } = request.body as { message: string };
      ticket = { ...ticket, replies: [...ticket.replies, makeReply({ id: 5, message, authorName: 'sam' })] };
      return { status: 201, body: ticket };
    }
    if (request.path === `${path}/author-replies` && request.method === 'POST') {
      const { message } = request.body as { message: string };
      const reply = makeReply({ id: 6, message, authorName: ticket.name, fromCustomer: true });
      ticket = { ...ticket, status: 'open', closedAt: null, replies: [...ticket.replies, reply] };
      return { status: 201, body: ticket };
    }
    return extra(request);
  });
}

describe('/admin/dashboard/support', () => {
  it('lists open tickets and contact messages oldest first, with who wrote and whether anyone answered', async () => {
    const api = answerApi(({ path }) =>
      path === '/api/v1/support-tickets'
        ? {
            body: pageOf([
              makeTicketSummary({ id: 3, subject: 'Gift wrapping' }),
              makeTicketSummary({
                id: 4,
                kind: 'ticket',
                name: 'nora',
                emailAddress: 'nora@example.com',
                customerId: 8,
                replyCount: 2,
                lastReplyAt: '2026-11-21T09:00:00.000Z',
                awaitingAnswer: true,
              }),
            ]),
          }
        : undefined,
    );
    const router = renderAdmin(RoleName.Supervisor, Routes.adminSupport);

    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(menu).getByRole('link', { name: 'Support' })).toHaveAttribute('href', Routes.adminSupport);
    const table = await screen.findByRole('table', { name: 'Open tickets, oldest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('link', { name: 'ST-000003' })).toHaveAttribute(
      'href',
      '/admin/dashboard/support/3',
    );
    expect(rows[0]).toHaveTextContent('Layla Haddad');
    expect(rows[0]).toHaveTextContent('Contact form');
    expect(rows[0]).toHaveTextContent('Not answered');
    expect(rows[1]).toHaveTextContent('Customer ticket');
    expect(rows[1]).toHaveTextContent('nora@example.com');
    // The customer wrote after the last answer.
    expect(rows[1]).toHaveTextContent('Customer replied');
    expect(api.requests[0]!.search).toBe('?pageNo=1&pageSize=10&status=open');

    const filters = within(screen.getByRole('search', { name: 'Filter tickets' }));
    await userEvent.selectOptions(filters.getByLabelText('Show'), 'Contact messages only');
    await userEvent.click(filters.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=contact'));
    await waitFor(() => expect(api.requests.at(-1)!.search).toBe('?pageNo=1&pageSize=10&kind=contact&status=open'));
  });

  it('filters by status and searches by ticket number or customer, keeping both in the URL', async () => {
    const api = answerApi(({ path, search }) =>
      path === '/api/v1/support-tickets'
        ? {
            body: pageOf(
              search.includes('q=')
                ? [makeTicketSummary({ id: 7, status: 'closed', name: 'Grace Hopper', replyCount: 1 })]
                : [],
            ),
          }
        : undefined,
    );
    const router = renderAdmin(RoleName.Supervisor, Routes.adminSupport);
    const user = userEvent.setup();
    expect(await screen.findByText('Nothing is waiting for an answer.')).toBeInTheDocument();

    const filters = within(screen.getByRole('search', { name: 'Filter tickets' }));
    expect(filters.getByLabelText('Status')).toHaveValue('open');
    await user.selectOptions(filters.getByLabelText('Status'), 'All');
    await user.type(filters.getByRole('searchbox', { name: 'Search' }), '  grace  ');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?status=all&q=grace'));
    await waitFor(() => expect(api.requests.at(-1)!.search).toBe('?pageNo=1&pageSize=10&status=all&q=grace'));
    const table = await screen.findByRole('table', { name: 'All tickets, latest activity first' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(row).toHaveTextContent('ST-000007');
    expect(row).toHaveTextContent('Closed');
    expect(row).toHaveTextContent('Grace Hopper');

    // A shared link opens with its filters in the form.
    await user.click(filters.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await router.navigate(`${Routes.adminSupport}?status=closed&q=ST-000042`);
    // The form starts again from the new URL.
    const shared = () => within(screen.getByRole('search', { name: 'Filter tickets' }));
    await waitFor(() => expect(shared().getByLabelText('Status')).toHaveValue('closed'));
    expect(shared().getByRole('searchbox', { name: 'Search' })).toHaveValue('ST-000042');
    expect(await screen.findByRole('table', { name: 'Closed tickets, latest activity first' })).toBeInTheDocument();
  });

  it('says when nothing is waiting, or nothing matches', async () => {
    answerApi(({ path }) => (path === '/api/v1/support-tickets' ? { body: pageOf([]) } : undefined));
    const router = renderAdmin(RoleName.Supervisor, Routes.adminSupport);
    expect(await screen.findByText('Nothing is waiting for an answer.')).toBeInTheDocument();
    await router.navigate(`${Routes.adminSupport}?q=nobody`);
    expect(await screen.findByText('No tickets match these filters.')).toBeInTheDocument();
  });
});

describe('/admin/dashboard/support/:id', () => {
  const ticket = makeStaffTicket({
    id: 3,
    subject: 'Gift wrapping',
    message: 'Do you wrap <b>books</b>?',
    replies: [makeReply({ id: 1, message: 'We do.', authorName: 'omar' })],
  });

  it('shows the thread as text, with a link to write to its author', async () => {
    stubTicket(ticket);
    renderAdmin(RoleName.Supervisor, '/admin/dashboard/support/3');
    expect(await screen.findByRole('heading', { name: /Ticket ST-000003/ })).toBeInTheDocument();
    expect(screen.getByText('Do you wrap <b>books</b>?')).toBeInTheDocument();
    expect(screen.getByText('We do.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'layla@example.com' })).toHaveAttribute('href', 'mailto:layla@example.com');
  });

  it('lets a Supervisor reply (kept in the thread) and close after confirming, then reopen', async () => {
    const api = stubTicket(ticket);
    renderAdmin(RoleName.Supervisor, '/admin/dashboard/support/3');
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'Reply to this ticket' }));
    expect(form.getByText(/E-mailed to layla@example.com/)).toBeInTheDocument();

    await user.click(form.getByRole('button', { name: 'Send Reply' }));
    expect(await form.findByText(SupportMessages.replyRequired)).toBeInTheDocument();
    await user.type(form.getByLabelText('Reply'), 'Yes, for free.\nChoose it at checkout.');
    await user.click(form.getByRole('button', { name: 'Send Reply' }));
    expect(await screen.findByText('Reply sent.')).toBeInTheDocument();
    expect(api.sent('POST', '/api/v1/support-tickets/3/replies')[0]!.body).toEqual({
      message: 'Yes, for free.\nChoose it at checkout.',
    });
    expect(await screen.findByText(/Choose it at checkout\./)).toBeInTheDocument();
    expect(form.getByLabelText('Reply')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Close Ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close ticket ST-000003?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep Open' }));
    expect(api.sent('PATCH', '/api/v1/support-tickets/3')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Close Ticket' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Close ticket ST-000003?' })).getByRole('button', {
        name: 'Close Ticket',
      }),
    );
    expect(await screen.findByText('Ticket closed.')).toBeInTheDocument();
    expect(api.sent('PATCH', '/api/v1/support-tickets/3')[0]!.body).toEqual({ status: 'closed' });
    expect(screen.getByRole('heading', { name: /Ticket ST-000003/ })).toHaveTextContent('Closed');
    // Closed: no answer until it is reopened.
    expect(screen.getByRole('radio', { name: /Our answer/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Reopen Ticket' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Our answer' })).toBeChecked());
    expect(api.sent('PATCH', '/api/v1/support-tickets/3')[1]!.body).toEqual({ status: 'open' });
  });

  it('keeps the author’s e-mailed reply, pasted into a closed ticket, as theirs: not e-mailed, and the ticket opens', async () => {
    const api = stubTicket({ ...ticket, status: 'closed', closedAt: '2026-11-22T08:00:00.000Z' });
    renderAdmin(RoleName.Admin, '/admin/dashboard/support/3');
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'Reply to this ticket' }));
    expect(form.getByRole('radio', { name: "Layla Haddad's e-mailed reply, pasted" })).toBeChecked();
    expect(form.getByText(/not e-mailed; the ticket opens again/)).toBeInTheDocument();
    await user.type(form.getByLabelText('Reply'), 'Thank you, that works.');
    await user.click(form.getByRole('button', { name: 'Add to Thread' }));
    expect(await screen.findByText('Added to the thread.')).toBeInTheDocument();
    expect(api.sent('POST', '/api/v1/support-tickets/3/author-replies')[0]!.body).toEqual({
      message: 'Thank you, that works.',
    });
    expect(api.sent('POST', '/api/v1/support-tickets/3/replies')).toEqual([]);
    const messages = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(messages.at(-1)).toHaveTextContent('Layla Haddad');
    expect(messages.at(-1)).toHaveTextContent('Thank you, that works.');
    expect(screen.getByRole('heading', { name: /Ticket ST-000003/ })).toHaveTextContent('Open');
  });

  it('says when the ticket does not exist', async () => {
    answerApi(() => ({ status: 404, body: { title: 'Not Found', status: 404, detail: SupportMessages.notFound } }));
    renderAdmin(RoleName.Admin, '/admin/dashboard/support/99');
    expect(await screen.findByRole('alert')).toHaveTextContent(SupportMessages.notFound);
  });

  it('tells a role without the permission that it may not read tickets', async () => {
    answerApi(() => undefined);
    // A User reads books and orders only (decision 030).
    const viewer = makeViewer(RoleName.User);
    const router = createMemoryRouter(
      [
        {
          path: Routes.adminDashboard,
          element: <DashboardLayout viewer={viewer} refreshSession={() => Promise.resolve(true)} />,
          children: [{ path: Routes.adminSupport, element: <AdminSupportRoute /> }],
        },
      ],
      { initialEntries: [Routes.adminSupport] },
    );
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(AuthMessages.permissionMissing);
    expect(screen.queryByRole('link', { name: 'Support' })).not.toBeInTheDocument();
  });
});
