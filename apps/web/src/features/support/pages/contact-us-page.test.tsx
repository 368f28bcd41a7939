import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Messages } from '@bookshop/contracts/messages';
import { SupportMessages } from '@bookshop/contracts/support';
import { allMessages } from '../../../lib/i18n/all-catalogs.ts';
import { createI18n, I18nProvider } from '../../../lib/i18n/i18n.tsx';
import { answerApi } from '../../../test/network.ts';
import { renderWithQueryClient } from '../../../test/render.tsx';
import { ContactUsPage } from './contact-us-page.tsx';

function renderPage() {
  renderWithQueryClient(
    <MemoryRouter>
      <ContactUsPage />
    </MemoryRouter>,
  );
  return within(screen.getByRole('form', { name: 'Contact form' }));
}

async function fillIn(form: ReturnType<typeof renderPage>) {
  const user = userEvent.setup();
  await user.type(form.getByLabelText('Name'), 'Layla Haddad');
  await user.type(form.getByLabelText('Email Address'), 'layla@example.com');
  await user.type(form.getByLabelText('Subject'), 'Gift wrapping');
  await user.type(form.getByLabelText('Message'), 'Do you wrap books?\nThey are presents.');
  return user;
}

describe('/contact-us', () => {
  it('checks each field as it is typed, with the spec’s e-mail message, and sends nothing invalid', async () => {
    const api = answerApi(() => undefined);
    const form = renderPage();
    const user = userEvent.setup();
    expect(
      form.getByText('10 to 5,000 characters. Quote your order number if it is about an order.'),
    ).toBeInTheDocument();

    await user.type(form.getByLabelText('Name'), 'L');
    expect(await form.findByText(SupportMessages.nameMin)).toBeInTheDocument();
    await user.type(form.getByLabelText('Email Address'), 'layla@');
    expect(await form.findByText(Messages.invalidEmail)).toBeInTheDocument();
    await user.type(form.getByLabelText('Message'), 'Hi');
    expect(await form.findByText(SupportMessages.messageMin)).toBeInTheDocument();

    await user.click(form.getByRole('button', { name: 'Send Message' }));
    expect(await form.findByText(SupportMessages.subjectRequired)).toBeInTheDocument();
    expect(form.getByLabelText('Email Address')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests).toEqual([]);
  });

  it('hides the honeypot from people, keyboards and screen readers, and sends it empty', async () => {
    const api = answerApi(({ method, path }) =>
      method === 'POST' && path === '/api/v1/contact-items'
        ? { status: 201, body: { ticketNumber: 'ST-000042', message: SupportMessages.contactItemCreated } }
        : undefined,
    );
    const form = renderPage();
    // Not in the accessibility tree: only the four real fields are text boxes.
    expect(form.getAllByRole('textbox').map((box) => box.getAttribute('name'))).toEqual([
      'name',
      'emailAddress',
      'subject',
      'message',
    ]);
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap).toHaveAttribute('autocomplete', 'off');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();

    const user = await fillIn(form);
    // Tabbing through the whole form never lands on it.
    form.getByLabelText('Name').focus();
    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(document.activeElement).not.toBe(trap);
    }
    await user.click(form.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(api.sent('POST', '/api/v1/contact-items')[0]!.body).toEqual({
      name: 'Layla Haddad',
      emailAddress: 'layla@example.com',
      subject: 'Gift wrapping',
      message: 'Do you wrap books?\nThey are presents.',
      website: '',
    });
  });

  it('shows the ticket number once sent, and offers to write again', async () => {
    answerApi(({ method }) =>
      method === 'POST'
        ? { status: 201, body: { ticketNumber: 'ST-000042', message: SupportMessages.contactItemCreated } }
        : undefined,
    );
    const form = renderPage();
    const user = await fillIn(form);
    await user.click(form.getByRole('button', { name: 'Send Message' }));

    const sent = await screen.findByRole('status');
    expect(within(sent).getByRole('heading', { name: 'Message sent' })).toBeInTheDocument();
    expect(sent).toHaveTextContent(SupportMessages.contactItemCreated);
    expect(sent).toHaveTextContent('Your ticket number is ST-000042.');
    await user.click(within(sent).getByRole('button', { name: 'Send another message' }));
    expect(screen.getByRole('form', { name: 'Contact form' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('shows the server’s field messages under the fields', async () => {
    answerApi(() => ({
      status: 400,
      body: { title: 'Validation Failed', status: 400, errors: { emailAddress: [Messages.invalidEmail] } },
    }));
    const form = renderPage();
    const user = await fillIn(form);
    await user.click(form.getByRole('button', { name: 'Send Message' }));
    expect(await form.findByText(Messages.invalidEmail)).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('/ar/contact-us', () => {
  it('labels the form in Arabic, with the message’s length in Latin digits', async () => {
    answerApi(({ method }) =>
      method === 'POST' ? { status: 201, body: { ticketNumber: 'ST-000042', message: 'شكرًا لرسالتك.' } } : undefined,
    );
    renderWithQueryClient(
      <I18nProvider i18n={createI18n('ar', allMessages('ar'))}>
        <MemoryRouter>
          <ContactUsPage />
        </MemoryRouter>
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'اتصل بنا' })).toBeInTheDocument();
    const form = within(screen.getByRole('form', { name: 'نموذج التواصل' }));
    const user = userEvent.setup();
    await user.type(form.getByLabelText('الاسم'), 'ليلى حداد');
    await user.type(form.getByLabelText('البريد الإلكتروني'), 'layla@example.com');
    await user.type(form.getByLabelText('الموضوع'), 'تغليف الهدايا');
    await user.type(form.getByLabelText('الرسالة'), 'هل تغلّفون الكتب هدايا؟');
    expect(form.getByText(/^من 10 إلى 5,000 حرف\. اذكر رقم طلبك/)).toBeInTheDocument();
    expect(form.queryByLabelText('Name')).not.toBeInTheDocument();

    await user.click(form.getByRole('button', { name: 'إرسال الرسالة' }));
    const sent = await screen.findByRole('status');
    expect(within(sent).getByRole('heading', { name: 'أُرسلت الرسالة' })).toBeInTheDocument();
    expect(sent).toHaveTextContent('رقم تذكرتك ST-000042.');
    expect(within(sent).getByRole('button', { name: 'إرسال رسالة أخرى' })).toBeInTheDocument();
  });
});
