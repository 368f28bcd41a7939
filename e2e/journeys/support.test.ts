import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createConfirmedCustomer,
  createStaffMember,
  DEMO_ADMIN,
  logInThroughForm,
  logInToAdmin,
} from '../support/accounts.ts';
import { baseUrl, expectNoSeriousA11yViolations, newPage } from '../support/browser.ts';
import { waitForMail } from '../support/mail.ts';

describe('support', () => {
  it('a guest writes through the contact form; the demo admin answers on the dashboard and closes it; the answer arrives by e-mail', async () => {
    const unique = randomBytes(4).toString('hex');
    const email = `guest-${unique}@example.com`;
    const subject = `Gift wrapping ${unique}`;

    // A guest finds the form from the FAQs page.
    const guest = await newPage({ width: 390, height: 844 });
    await guest.goto('/faqs');
    await guest.getByRole('link', { name: 'contact form' }).click();
    await guest.waitForURL(/\/contact-us$/);
    await guest.getByRole('heading', { name: 'Contact Us', level: 1 }).waitFor();
    await expectNoSeriousA11yViolations(guest);
    await guest.getByLabel('Name').fill('Layla Haddad');
    await guest.getByLabel('Email Address').fill(email);
    await guest.getByLabel('Subject').fill(subject);
    await guest.getByLabel('Message').fill('Do you gift-wrap books?\nIt is for my sister <3');
    await guest.getByRole('button', { name: 'Send Message' }).click();
    const sent = guest.getByRole('status').filter({ hasText: 'Message sent' });
    await sent.waitFor();
    const ticketNumber = /ST-\d{6}/.exec(await sent.innerText())![0];

    const acknowledgement = await waitForMail(email, `We received your message [${ticketNumber}]`);
    expect(acknowledgement).toContain('Do you gift-wrap books?');
    // An answer to the mail reaches support, not the no-reply sender.
    expect(acknowledgement).toMatch(/^Reply-To: support@bookshop\.local$/im);

    // The demo admin opens it from the dashboard's Support page.
    const admin = await newPage();
    await logInToAdmin(admin, DEMO_ADMIN);
    await admin.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Support' }).click();
    await admin.getByRole('table', { name: 'Open tickets, oldest first' }).waitFor();
    const filters = admin.getByRole('search', { name: 'Filter tickets' });
    await filters.getByLabel('Show').selectOption({ label: 'Contact messages only' });
    await filters.getByRole('button', { name: 'Apply' }).click();
    await admin.waitForURL(/kind=contact/);
    await admin.getByRole('link', { name: ticketNumber }).click();
    await admin.getByRole('heading', { name: new RegExp(`Ticket ${ticketNumber}`) }).waitFor();
    // Typed markup stays text.
    await admin.getByText('It is for my sister <3').waitFor();
    await expectNoSeriousA11yViolations(admin);

    await admin.getByRole('textbox', { name: 'Reply' }).fill(`Yes, for free ${unique}.\nChoose it at checkout.`);
    await admin.getByRole('button', { name: 'Send Reply' }).click();
    await admin.getByText('Reply sent.').waitFor();
    await admin.getByText(`Yes, for free ${unique}.`).waitFor();

    await admin.getByRole('button', { name: 'Close Ticket' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Close Ticket' }).click();
    await admin.getByRole('button', { name: 'Reopen Ticket' }).waitFor();

    const answer = await waitForMail(email, `Re: ${subject} [${ticketNumber}]`);
    expect(answer).toContain(`Yes, for free ${unique}.`);
    expect(answer).toContain('Hello Layla Haddad,');

    // Closed: it has left the list of open ones, and is found among the closed by its number.
    await admin.getByRole('link', { name: '← Back to support' }).click();
    await admin.getByRole('heading', { name: 'Support', level: 1 }).waitFor();
    await expect.poll(() => admin.getByRole('link', { name: ticketNumber }).count()).toBe(0);
    await filters.getByLabel('Status').selectOption({ label: 'Closed' });
    await filters.getByRole('searchbox', { name: 'Search' }).fill(ticketNumber);
    await filters.getByRole('button', { name: 'Apply' }).click();
    await admin.getByRole('table', { name: 'Closed tickets, latest activity first' }).waitFor();
    await admin.getByRole('link', { name: ticketNumber }).waitFor();
    expect(new URL(admin.url()).searchParams.get('q')).toBe(ticketNumber);
  });

  it('a customer opens a ticket on /account and reads the answer there', async () => {
    const customer = await createConfirmedCustomer();
    const subject = `Signed copies ${randomBytes(4).toString('hex')}`;
    const page = await newPage();
    await logInThroughForm(page, customer);
    await page.goto('/account#support');
    const support = page.getByRole('region', { name: 'Support' });
    await support.getByText(/You have no support tickets/).waitFor();
    await support.getByRole('button', { name: 'New Ticket' }).click();
    await support.getByLabel('Subject').fill(subject);
    await support.getByLabel('Message').fill('Do you sell signed copies of new releases?');
    await support.getByRole('button', { name: 'Send Ticket' }).click();
    await support.getByText(subject).waitFor();
    const ticketNumber = /ST-\d{6}/.exec(await support.getByRole('listitem').first().innerText())![0];
    await waitForMail(customer.emailAddress, `We received your message [${ticketNumber}]`);

    // A Supervisor answers through the API.
    const supervisor = await createStaffMember('Supervisor');
    const login = await fetch(`${baseUrl}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(supervisor),
    });
    const { token } = (await login.json()) as { token: string };
    const reply = await fetch(`${baseUrl}/api/v1/support-tickets/${Number(ticketNumber.slice(3))}/replies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ message: 'Now and then: follow our newsletter.' }),
    });
    expect(reply.status).toBe(201);

    await page.reload();
    await support.getByText(subject).click();
    await support.getByText('Now and then: follow our newsletter.').waitFor();
    await support.getByText('Bookshop Support').waitFor();
    await expectNoSeriousA11yViolations(page);

    // The customer answers in the thread; staff see it as the customer's.
    await support.getByLabel('Your reply').fill('Thank you, I have subscribed.');
    await support.getByRole('button', { name: 'Send Reply' }).click();
    await page.getByText('Your reply was sent. We will answer soon.').waitFor();
    await support.getByText('Thank you, I have subscribed.').waitFor();
    const thread = await fetch(`${baseUrl}/api/v1/support-tickets/${Number(ticketNumber.slice(3))}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { replies } = (await thread.json()) as { replies: { message: string; fromCustomer: boolean }[] };
    expect(replies.at(-1)).toEqual(
      expect.objectContaining({ message: 'Thank you, I have subscribed.', fromCustomer: true }),
    );
  });
});
