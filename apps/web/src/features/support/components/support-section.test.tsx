import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Messages } from '@bookshop/contracts/messages';
import { SupportMessages, type CustomerTicket } from '@bookshop/contracts/support';
import { allMessages } from '../../../lib/i18n/all-catalogs.ts';
import { createI18n, I18nProvider } from '../../../lib/i18n/i18n.tsx';
import { answerApi, type ApiRequest, type ApiReply } from '../../../test/network.ts';
import { createTestQueryClient } from '../../../test/render.tsx';
import { toast, Toaster } from '../../../ui/toast.tsx';
import { makeCustomerTicket, makeReply, pageOf } from '../testing/ticket-fixtures.ts';
import { SupportSection } from './support-section.tsx';

const orders = [
  { id: 7, label: 'BK-000007 · 20/11/2026' },
  { id: 9, label: 'BK-000009 · 21/11/2026' },
];

function stub(tickets: CustomerTicket[], extra: (request: ApiRequest) => ApiReply | undefined = () => undefined) {
  return answerApi((request) =>
    request.method === 'GET' && request.path === '/api/v1/support-tickets/customer'
      ? { body: pageOf(tickets, 5) }
      : extra(request),
  );
}

function renderSection() {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <SupportSection orderChoices={orders} />
      <Toaster />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('region', { name: 'Support' }));
}

afterEach(() => toast.reset());

describe('the Support section of /account', () => {
  it('lists the customer’s tickets with the replies, as text', async () => {
    const api = stub([
      makeCustomerTicket({
        id: 12,
        subject: 'Damaged <b>cover</b>',
        message: 'The cover is torn.\n<img src=x onerror=alert(1)>',
        orderId: 7,
        orderNumber: 'BK-000007',
        replies: [makeReply({ id: 1, message: 'Sorry!\nA new copy is on its way.' })],
      }),
      makeCustomerTicket({ id: 11, status: 'closed' }),
    ]);
    const section = renderSection();
    const items = await section.findAllByRole('listitem');
    const first = items[0]!;
    expect(within(first).getByText('Damaged <b>cover</b>')).toBeInTheDocument();
    expect(first).toHaveTextContent('ST-000012 · Order BK-000007');
    expect(first).toHaveTextContent('1 reply');
    expect(within(first).getByText('Open')).toBeInTheDocument();
    // Typed markup is shown as typed; nothing becomes an element.
    expect(document.querySelector('img')).toBeNull();
    expect(within(first).getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();
    expect(within(first).getByText(/A new copy is on its way\./)).toBeInTheDocument();
    expect(within(first).getByText('Bookshop Support')).toBeInTheDocument();
    expect(section.getByText('Closed')).toBeInTheDocument();
    expect(api.requests[0]!.search).toBe('?pageNo=1&pageSize=5');
  });

  it('says so when there are no tickets', async () => {
    stub([]);
    const section = renderSection();
    expect(await section.findByText(/You have no support tickets/)).toBeInTheDocument();
  });

  it('shows the error with a way to try again', async () => {
    answerApi(() => ({ status: 500, body: { title: 'Internal Server Error', status: 500 } }));
    const section = renderSection();
    expect(await section.findByRole('alert')).toHaveTextContent(Messages.listError);
    expect(section.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('opens a ticket about one of the customer’s orders', async () => {
    const tickets: CustomerTicket[] = [];
    const api = stub(tickets, (request) => {
      if (request.method !== 'POST') return undefined;
      tickets.unshift(makeCustomerTicket({ id: 13, subject: 'Wrong book', orderId: 9, orderNumber: 'BK-000009' }));
      return { status: 201, body: { ticketNumber: 'ST-000013', message: SupportMessages.ticketCreated('ST-000013') } };
    });
    const section = renderSection();
    const user = userEvent.setup();
    await section.findByText(/You have no support tickets/);

    await user.click(section.getByRole('button', { name: 'New Ticket' }));
    const form = within(section.getByRole('form', { name: 'New support ticket' }));
    await user.type(form.getByLabelText('Subject'), 'Wrong book');
    await user.selectOptions(form.getByLabelText('Order (optional)'), 'BK-000009 · 21/11/2026');
    await user.type(form.getByLabelText('Message'), 'I received Emma instead of Persuasion.');
    await user.click(form.getByRole('button', { name: 'Send Ticket' }));

    expect(await screen.findByText(SupportMessages.ticketCreated('ST-000013'))).toBeInTheDocument();
    expect(api.sent('POST', '/api/v1/support-tickets')[0]!.body).toEqual({
      subject: 'Wrong book',
      message: 'I received Emma instead of Persuasion.',
      orderId: 9,
      website: '',
    });
    expect(await section.findByText('Wrong book')).toBeInTheDocument();
    expect(section.queryByRole('form', { name: 'New support ticket' })).not.toBeInTheDocument();
  });

  it('checks the form as it is typed and shows the server’s refusal of the order under it', async () => {
    const api = stub([], (request) =>
      request.method === 'POST'
        ? {
            status: 400,
            body: { title: 'Validation Failed', status: 400, errors: { orderId: [SupportMessages.orderNotYours] } },
          }
        : undefined,
    );
    const section = renderSection();
    const user = userEvent.setup();
    await user.click(await section.findByRole('button', { name: 'New Ticket' }));
    const form = within(section.getByRole('form', { name: 'New support ticket' }));
    await user.type(form.getByLabelText('Subject'), 'Hi');
    expect(await form.findByText(SupportMessages.subjectMin)).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Send Ticket' }));
    expect(await form.findByText(SupportMessages.messageRequired)).toBeInTheDocument();
    expect(api.sent('POST', '/api/v1/support-tickets')).toEqual([]);

    await user.type(form.getByLabelText('Subject'), ' there');
    await user.selectOptions(form.getByLabelText('Order (optional)'), 'BK-000007 · 20/11/2026');
    await user.type(form.getByLabelText('Message'), 'Is my order on its way?');
    await user.click(form.getByRole('button', { name: 'Send Ticket' }));
    expect(await form.findByText(SupportMessages.orderNotYours)).toBeInTheDocument();
    // Not about an order: sent as null.
    await user.selectOptions(form.getByLabelText('Order (optional)'), 'Not about an order');
    await user.click(form.getByRole('button', { name: 'Send Ticket' }));
    await waitFor(() => expect(api.sent('POST', '/api/v1/support-tickets')).toHaveLength(2));
    expect(api.sent('POST', '/api/v1/support-tickets')[1]!.body).toMatchObject({ orderId: null });
  });

  describe('replying in a ticket’s thread', () => {
    /** One ticket on the server that takes the customer's replies as the API would. */
    function stubThread(initial: CustomerTicket, answer?: ApiReply) {
      let ticket = initial;
      return answerApi((request) => {
        if (request.method === 'GET' && request.path === '/api/v1/support-tickets/customer')
          return { body: pageOf([ticket], 5) };
        if (request.method === 'POST' && request.path === `/api/v1/support-tickets/customer/${ticket.id}/replies`) {
          if (answer) return answer;
          const { message } = request.body as { message: string };
          const reply = makeReply({ id: 9, message, authorName: 'layla', fromCustomer: true });
          ticket = { ...ticket, status: 'open', replies: [...ticket.replies, reply] };
          return { status: 201, body: ticket };
        }
        return undefined;
      });
    }
    async function openThread(section: ReturnType<typeof renderSection>, subject: string) {
      const user = userEvent.setup();
      await user.click(await section.findByText(subject));
      return { user, form: within(section.getByRole('form', { name: /Reply to ticket/ })) };
    }

    it('sends the reply, shows it in the thread as the customer’s, and empties the box', async () => {
      const api = stubThread(
        makeCustomerTicket({
          id: 12,
          subject: 'Damaged cover',
          replies: [makeReply({ id: 1, message: 'Which book?' })],
        }),
      );
      const section = renderSection();
      const { user, form } = await openThread(section, 'Damaged cover');
      expect(form.getByText('We answer here and by e-mail.')).toBeInTheDocument();

      await user.click(form.getByRole('button', { name: 'Send Reply' }));
      expect(await form.findByText(SupportMessages.replyRequired)).toBeInTheDocument();
      expect(api.sent('POST', '/api/v1/support-tickets/customer/12/replies')).toEqual([]);

      await user.type(form.getByLabelText('Your reply'), 'Persuasion,\nthe hardback.');
      await user.click(form.getByRole('button', { name: 'Send Reply' }));
      expect(await screen.findByText(SupportMessages.followUpSent)).toBeInTheDocument();
      expect(api.sent('POST', '/api/v1/support-tickets/customer/12/replies')[0]!.body).toEqual({
        message: 'Persuasion,\nthe hardback.',
      });
      const messages = within(section.getByRole('list', { name: 'Messages' }));
      const last = await waitFor(() => {
        const items = messages.getAllByRole('listitem');
        expect(items).toHaveLength(3);
        return items[2]!;
      });
      // The customer's own words carry 'You', as their first message does.
      expect(last).toHaveTextContent('You');
      expect(last).toHaveTextContent('Persuasion, the hardback.');
      expect(form.getByLabelText('Your reply')).toHaveValue('');
      expect(section.getAllByRole('listitem')[0]).toHaveTextContent('2 replies');
    });

    it('says a reply opens a closed ticket again, and the ticket shows Open afterwards', async () => {
      stubThread(makeCustomerTicket({ id: 11, subject: 'Late parcel', status: 'closed' }));
      const section = renderSection();
      const { user, form } = await openThread(section, 'Late parcel');
      expect(section.getByText('Closed')).toBeInTheDocument();
      expect(form.getByText('This ticket is closed; your reply opens it again.')).toBeInTheDocument();
      await user.type(form.getByLabelText('Your reply'), 'It came back again.');
      await user.click(form.getByRole('button', { name: 'Send Reply' }));
      expect(await section.findByText('Open')).toBeInTheDocument();
    });

    it('shows the server’s refusal under the box and keeps what was typed', async () => {
      stubThread(makeCustomerTicket({ id: 10, subject: 'Gift card' }), {
        status: 400,
        body: { title: 'Validation Failed', status: 400, errors: { message: [SupportMessages.replyMax] } },
      });
      const section = renderSection();
      const { user, form } = await openThread(section, 'Gift card');
      await user.type(form.getByLabelText('Your reply'), 'Is it still valid?');
      await user.click(form.getByRole('button', { name: 'Send Reply' }));
      expect(await form.findByText(SupportMessages.replyMax)).toBeInTheDocument();
      expect(form.getByLabelText('Your reply')).toHaveValue('Is it still valid?');
    });
  });
});

describe('the Support section of /ar/account', () => {
  it('speaks Arabic: its heading, the ticket’s order, status, date and count of replies', async () => {
    stub([
      makeCustomerTicket({
        id: 12,
        orderId: 7,
        orderNumber: 'BK-000007',
        replies: [makeReply({ id: 1 }), makeReply({ id: 2 })],
      }),
    ]);
    render(
      <I18nProvider i18n={createI18n('ar', allMessages('ar'))}>
        <QueryClientProvider client={createTestQueryClient()}>
          <SupportSection orderChoices={orders} />
        </QueryClientProvider>
      </I18nProvider>,
    );
    const section = within(screen.getByRole('region', { name: 'الدعم' }));
    const [ticket] = await section.findAllByRole('listitem');
    expect(ticket).toHaveTextContent('ST-000012 · الطلب BK-000007 · 20/11/2026، 12:30 م · ردّان');
    expect(within(ticket!).getByText('مفتوحة')).toBeInTheDocument();
    expect(within(ticket!).getByRole('form', { name: 'الرد على التذكرة ST-000012' })).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'تذكرة جديدة' })).toBeInTheDocument();
  });

  it('keeps the English of the follow-up toast the contract’s, which English pages show', () => {
    expect(createI18n('en', allMessages('en'))._('tickets.followUpSent')).toBe(SupportMessages.followUpSent);
  });
});
