import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RoleName } from '@bookshop/contracts/enums';
import { Messages } from '@bookshop/contracts/messages';
import { OrderMessages } from '@bookshop/contracts/orders';
import { TextMessages } from '@bookshop/contracts/text';
import type { Page } from '@bookshop/contracts/pagination';
import {
  SupportMessages,
  type CustomerTicket,
  type StaffTicket,
  type StaffTicketSummary,
  type TicketCreated,
} from '@bookshop/contracts/support';
import { rows } from '../../platform/db.ts';
import {
  callAs,
  createCustomer,
  createStaff,
  expectProblem,
  expectValidationError,
  testBook,
  uniqueIp,
  type Method,
  type TestAccount,
} from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { addAddress, checkout, fillCart } from '../checkout/testing.ts';
import { SupportLimits } from './routes.ts';

const followUpUrl = (id: number) => `/api/v1/support-tickets/customer/${id}/replies`;
/** The thread as staff read it. */
async function staffThread(id: number) {
  const res = await callAs(t, 'GET', `/api/v1/support-tickets/${id}`, staff.supervisor);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StaffTicket>();
}
async function staffPage(query: string, pageNo = 1) {
  const res = await call('GET', `/api/v1/support-tickets?pageSize=25&pageNo=${pageNo}&${query}`, staff.supervisor);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page<StaffTicketSummary>>();
}
/** Every item of the staff list with this query, all pages, and the total the first page announced. */
async function staffList(query: string) {
  const first = await staffPage(query);
  const data = [...first.data];
  for (let pageNo = 2; pageNo <= first.paginationDetails.totalPages; pageNo++)
    data.push(...(await staffPage(query, pageNo)).data);
  return { data, total: first.paginationDetails.noOfRecords };
}
const numbersIn = async (query: string) => (await staffList(query)).data.map((x) => x.ticketNumber);

/** Support tickets, the contact form and the staff side of both (decision 041). */

// Mail goes out when a test says so (runDue), so each test sees its own.
const { t, smtp } = useTestApp({
  mail: true,
  env: { PUBLIC_URL: 'http://shop.test', SUPPORT_EMAIL: 'help@shop.test' },
  quietJobs: true,
});
let alice: TestAccount;
let bob: TestAccount;
let aliceOrderId: number;
let bobOrderId: number;
const staff = {} as Record<'newUser' | 'user' | 'supervisor' | 'admin', TestAccount>;

beforeAll(async () => {
  const bookId = await t.catalogue.createBook(testBook({ title: 'Middlemarch', stockQuantity: 20 }));
  alice = await createCustomer(t, { userName: 'alice', firstName: 'Alice', lastName: 'Liddell' });
  bob = await createCustomer(t, { userName: 'bob' });
  for (const [who, set] of [
    [alice, (id: number) => (aliceOrderId = id)],
    [bob, (id: number) => (bobOrderId = id)],
  ] as const) {
    const addressId = await addAddress(t, who);
    await fillCart(t, who, { [bookId]: 1 });
    set((await checkout(t, who, addressId)).orderId);
  }
  staff.newUser = await createStaff(t, RoleName.NewUser);
  staff.user = await createStaff(t, RoleName.User);
  staff.supervisor = await createStaff(t, RoleName.Supervisor);
  staff.admin = await createStaff(t, RoleName.Admin);
});

/** Like callAs, from an address of its own, so the per-IP limits of one test do not touch another's. */
const call = (method: Method, url: string, who?: TestAccount, payload?: unknown, ip = uniqueIp()) =>
  t.app.inject({
    method,
    url,
    headers: { ...who?.headers, 'x-forwarded-for': ip },
    ...(payload !== undefined && { payload: payload as object }),
  });

const unique = () => randomBytes(4).toString('hex');
const ticket = (extra: object = {}) => ({
  subject: `Where is my parcel ${unique()}?`,
  message: 'It has been a week and nothing\nhas arrived. <b>Please</b> help.',
  ...extra,
});
const contact = (extra: object = {}) => ({
  name: 'Layla Haddad',
  emailAddress: `layla-${unique()}@example.com`,
  subject: `Gift wrapping ${unique()}`,
  message: 'Do you offer gift wrapping for birthday presents?',
  ...extra,
});

async function openTicket(who: TestAccount, body: object = ticket()) {
  const res = await call('POST', '/api/v1/support-tickets', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TicketCreated>();
}
async function sendContact(body: object = contact()) {
  const res = await call('POST', '/api/v1/contact-items', undefined, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TicketCreated>();
}
const idOf = (created: TicketCreated) => Number(created.ticketNumber.replace('ST-', ''));

async function pending(who: TestAccount = staff.supervisor, query = 'pageSize=25') {
  const res = await call('GET', `/api/v1/support-tickets/pending?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page<StaffTicketSummary>>();
}
/** Every pending item, all pages. */
async function allPending(): Promise<StaffTicketSummary[]> {
  const first = await pending();
  const items = [...first.data];
  for (let pageNo = 2; pageNo <= first.paginationDetails.totalPages; pageNo++)
    items.push(...(await pending(staff.supervisor, `pageSize=25&pageNo=${pageNo}`)).data);
  return items;
}
async function customerTickets(who: TestAccount) {
  const res = await call('GET', '/api/v1/support-tickets/customer?pageSize=25', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page<CustomerTicket>>();
}
const countRows = async (table: 'support_tickets' | 'support_replies') =>
  Number((await rows<{ n: string }>(t.db, sql`select count(*) as n from ${sql.identifier(table)}`))[0]!.n);

/** The next mail to `to` whose subject starts with `prefix` (earlier ones to that address are skipped), with Unix line ends. */
async function mailTo(to: string, prefix: string) {
  for (;;) {
    const mail = await smtp.nextMail(to);
    if (mail.subject.startsWith(prefix)) return { ...mail, text: mail.text.replaceAll('\r\n', '\n') };
  }
}

function expectTooManyRequests(res: Awaited<ReturnType<typeof call>>) {
  expectProblem(res, 429, Messages.tooManyRequestsTitle);
  expect(res.json<{ message: string }>().message).toBe(Messages.tooManyRequests);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('POST v1/support-tickets', () => {
  it('opens a ticket for the customer, numbered, and mails an acknowledgement with the message as typed', async () => {
    const body = ticket({ orderId: aliceOrderId });
    const created = await openTicket(alice, body);
    expect(created.ticketNumber).toMatch(/^ST-\d{6}$/);
    expect(created.message).toBe(SupportMessages.ticketCreated(created.ticketNumber));

    await t.app.jobs.runDue();
    const mail = await mailTo(alice.emailAddress, `We received your message [${created.ticketNumber}]`);
    // Greeted by first name; an answer to the mail reaches support, and the mail says where to write.
    expect(mail.text).toContain('Hello Alice,');
    expect(mail.replyTo).toBe('help@shop.test');
    expect(mail.text).not.toMatch(/reply to this/i);
    expect(mail.text).toContain(body.message);
    expect(mail.text).toContain(`Order: BK-${String(aliceOrderId).padStart(6, '0')}`);
    expect(mail.text).toContain('http://shop.test/account#support');
    // Plain text only: what was typed is never sent as markup.
    expect(mail.html).toBe('');

    const [mine] = (await customerTickets(alice)).data;
    expect(mine).toMatchObject({
      ticketNumber: created.ticketNumber,
      subject: body.subject,
      message: body.message,
      status: 'open',
      orderId: aliceOrderId,
      orderNumber: `BK-${String(aliceOrderId).padStart(6, '0')}`,
      replies: [],
    });
  });

  it('refuses another customer’s order, or one that does not exist, alike: 400 naming orderId, nothing stored', async () => {
    const before = await countRows('support_tickets');
    for (const orderId of [bobOrderId, 2_000_000]) {
      const res = await call('POST', '/api/v1/support-tickets', alice, ticket({ orderId }));
      expectValidationError(res, 'orderId', SupportMessages.orderNotYours);
    }
    expect(await countRows('support_tickets')).toBe(before);
  });

  it.each([
    [{ subject: undefined }, 'subject', SupportMessages.subjectRequired],
    [{ subject: '   ' }, 'subject', SupportMessages.subjectRequired],
    [{ subject: 'Hi' }, 'subject', SupportMessages.subjectMin],
    [{ subject: 'x'.repeat(151) }, 'subject', SupportMessages.subjectMax],
    [{ message: undefined }, 'message', SupportMessages.messageRequired],
    [{ message: 'Too short' }, 'message', SupportMessages.messageMin],
    [{ message: 'x'.repeat(5001) }, 'message', SupportMessages.messageMax],
    [{ orderId: 0 }, 'orderId', OrderMessages.idInvalid],
    [{ orderId: 'BK-000001' }, 'orderId', OrderMessages.idInvalid],
  ])('refuses %j with a message on the field', async (change, field, message) => {
    expectValidationError(await call('POST', '/api/v1/support-tickets', alice, ticket(change)), field, message);
  });

  it('accepts the limits exactly and stores the text trimmed but otherwise as typed', async () => {
    const body = { subject: '  Hi!  ', message: `  ${'<script>'.padEnd(5000, '.')}  ` };
    const created = await openTicket(alice, body);
    const mine = (await customerTickets(alice)).data.find((x) => x.ticketNumber === created.ticketNumber)!;
    expect(mine.subject).toBe('Hi!');
    expect(mine.message).toBe('<script>'.padEnd(5000, '.'));
  });

  it('is for signed-in customers: no token 401, staff 403', async () => {
    expectProblem(await call('POST', '/api/v1/support-tickets', undefined, ticket()), 401);
    expectProblem(await call('POST', '/api/v1/support-tickets', staff.admin, ticket()), 403);
  });

  it(`limits a customer to ${SupportLimits.ticket.perAccount.max} tickets an hour, whatever the address`, async () => {
    const carol = await createCustomer(t);
    for (let i = 0; i < SupportLimits.ticket.perAccount.max; i++) await openTicket(carol);
    expectTooManyRequests(await call('POST', '/api/v1/support-tickets', carol, ticket()));
    // Refused forms are not counted, and another customer is not affected.
    await openTicket(alice);
  });

  it('answers a filled honeypot like a success, and stores and mails nothing', async () => {
    await t.app.jobs.runDue();
    const before = { tickets: await countRows('support_tickets'), mails: smtp.mails.length };
    const res = await call('POST', '/api/v1/support-tickets', alice, ticket({ website: 'http://spam.example' }));
    expect(res.statusCode).toBe(201);
    const { ticketNumber } = res.json<TicketCreated>();
    expect(res.json<TicketCreated>()).toEqual({ ticketNumber, message: SupportMessages.ticketCreated(ticketNumber) });
    expect(ticketNumber).toMatch(/^ST-\d{6}$/);
    await t.app.jobs.runDue();
    expect(await countRows('support_tickets')).toBe(before.tickets);
    expect(smtp.mails.length).toBe(before.mails);
  });
});

describe('POST v1/contact-items', () => {
  it('takes a message from anyone, mails the sender a copy and shows it to staff', async () => {
    const body = contact();
    const created = await sendContact(body);
    expect(created.message).toBe(SupportMessages.contactItemCreated);

    await t.app.jobs.runDue();
    const mail = await mailTo(body.emailAddress, 'We received your message');
    expect(mail.subject).toBe(`We received your message [${created.ticketNumber}]: ${body.subject}`);
    expect(mail.text).toContain('Hello Layla Haddad,');
    expect(mail.text).toContain(body.message);
    expect(mail.text).toContain(
      `mail help@shop.test or use http://shop.test/contact-us, and quote ${created.ticketNumber}`,
    );
    expect(mail.replyTo).toBe('help@shop.test');

    const item = (await allPending()).find((x) => x.ticketNumber === created.ticketNumber);
    expect(item).toMatchObject({
      kind: 'contact',
      name: body.name,
      emailAddress: body.emailAddress,
      customerId: null,
      status: 'open',
      replyCount: 0,
      lastReplyAt: null,
      awaitingAnswer: true,
    });
  });

  it('refuses a lone UTF-16 surrogate (which no keyboard types) with a 400 rather than storing U+FFFD', async () => {
    const before = (await allPending()).length;
    const res = await call(
      'POST',
      '/api/v1/contact-items',
      undefined,
      contact({ message: 'Broken text \ud800 here.' }),
    );
    expectValidationError(res, 'message', TextMessages.invalidCharacter);
    expect((await allPending()).length).toBe(before);
    const reply = await callAs(t, 'POST', `/api/v1/support-tickets/${idOf(await sendContact())}/replies`, staff.admin, {
      message: '\udc00',
    });
    expectValidationError(reply, 'message', TextMessages.invalidCharacter);
  });

  it('refuses a subject that reverses its own direction (U+202E)', async () => {
    const res = await call('POST', '/api/v1/contact-items', undefined, contact({ subject: 'Invoice \u202Efdp.exe' }));
    expectValidationError(res, 'subject', TextMessages.directionControl);
  });

  it.each([
    [{ name: undefined }, 'name', SupportMessages.nameRequired],
    [{ name: 'L' }, 'name', SupportMessages.nameMin],
    [{ name: 'L'.repeat(51) }, 'name', SupportMessages.nameMax],
    [{ emailAddress: 'layla@' }, 'emailAddress', Messages.invalidEmail],
    [{ emailAddress: 'layla @example.com' }, 'emailAddress', Messages.invalidEmail],
    [{ emailAddress: undefined }, 'emailAddress', Messages.invalidEmail],
    [{ subject: 'Hi' }, 'subject', SupportMessages.subjectMin],
    [{ message: 'Short' }, 'message', SupportMessages.messageMin],
    [{ website: 42 }, 'website', SupportMessages.honeypotInvalid],
  ])('refuses %j with a message on the field, storing nothing', async (change, field, message) => {
    const before = await countRows('support_tickets');
    expectValidationError(await call('POST', '/api/v1/contact-items', undefined, contact(change)), field, message);
    expect(await countRows('support_tickets')).toBe(before);
  });

  it(`limits one address to ${SupportLimits.contactItem.perIp.max} messages an hour`, async () => {
    const ip = uniqueIp();
    for (let i = 0; i < SupportLimits.contactItem.perIp.max; i++)
      expect((await call('POST', '/api/v1/contact-items', undefined, contact(), ip)).statusCode).toBe(201);
    expectTooManyRequests(await call('POST', '/api/v1/contact-items', undefined, contact(), ip));
  });

  it(`mails one e-mail address at most ${SupportLimits.contactItem.perAccount.max} times an hour, from any client`, async () => {
    const emailAddress = `target-${unique()}@example.com`;
    for (let i = 0; i < SupportLimits.contactItem.perAccount.max; i++) await sendContact(contact({ emailAddress }));
    expectTooManyRequests(
      await call('POST', '/api/v1/contact-items', undefined, contact({ emailAddress: emailAddress.toUpperCase() })),
    );
  });

  it('answers a filled honeypot like a success, and stores and mails nothing', async () => {
    await t.app.jobs.runDue();
    const before = { tickets: await countRows('support_tickets'), mails: smtp.mails.length };
    const body = contact({ website: 'cheap-pills.example' });
    const res = await call('POST', '/api/v1/contact-items', undefined, body);
    expect(res.statusCode).toBe(201);
    expect(res.json<TicketCreated>()).toEqual({
      ticketNumber: expect.stringMatching(/^ST-\d{6}$/),
      message: SupportMessages.contactItemCreated,
    });
    await t.app.jobs.runDue();
    expect(await countRows('support_tickets')).toBe(before.tickets);
    expect(smtp.mails.length).toBe(before.mails);
  });
});

describe('staff', () => {
  const routes = (id: number): [Method, string, unknown?][] => [
    ['GET', '/api/v1/support-tickets/pending'],
    ['GET', '/api/v1/support-tickets?status=all'],
    ['GET', `/api/v1/support-tickets/${id}`],
    ['POST', `/api/v1/support-tickets/${id}/replies`, { message: 'Thanks, on its way.' }],
    ['POST', `/api/v1/support-tickets/${id}/author-replies`, { message: 'Pasted from an e-mail.' }],
    ['PATCH', `/api/v1/support-tickets/${id}`, { status: 'closed' }],
  ];

  it('no token 401; a customer, a New User and a User (books and orders only) 403 on every staff route', async () => {
    const id = idOf(await sendContact());
    const replies = await countRows('support_replies');
    for (const [method, url, body] of routes(id)) {
      expectProblem(await callAs(t, method, url, undefined, body), 401);
      expectProblem(await callAs(t, method, url, alice, body), 403);
      expectProblem(await callAs(t, method, url, staff.newUser, body), 403);
      expectProblem(await callAs(t, method, url, staff.user, body), 403);
    }
    expect(await countRows('support_replies')).toBe(replies);
  });

  it('lists open tickets and contact items oldest first, paged, with a kind filter', async () => {
    const first = await openTicket(alice);
    const second = await sendContact();
    const items = await allPending();
    const numbers = items.map((x) => x.ticketNumber);
    expect(numbers.indexOf(first.ticketNumber)).toBeLessThan(numbers.indexOf(second.ticketNumber));
    const created = items.map((x) => x.createdAt);
    expect([...created].sort()).toEqual(created);
    expect(items.find((x) => x.ticketNumber === first.ticketNumber)).toMatchObject({
      kind: 'ticket',
      name: 'alice',
      emailAddress: alice.emailAddress,
      customerId: alice.id,
    });

    const page = await pending(staff.supervisor, 'pageSize=5&pageNo=1');
    expect(page.data).toHaveLength(5);
    expect(page.paginationDetails).toMatchObject({ currentPage: 1, pageSize: 5, noOfRecords: items.length });
    expect((await pending(staff.supervisor, 'pageSize=25&kind=contact')).data.every((x) => x.kind === 'contact')).toBe(
      true,
    );
    expectValidationError(
      await callAs(t, 'GET', '/api/v1/support-tickets/pending?kind=spam', staff.supervisor),
      'kind',
    );
  });

  it.each([RoleName.Supervisor, RoleName.Admin])(
    'a %s replies: mailed to the customer, kept in both threads; closing takes it off the list',
    async (role) => {
      const who = role === RoleName.Admin ? staff.admin : staff.supervisor;
      const created = await openTicket(alice, ticket({ subject: 'Damaged\ncover' }));
      const id = idOf(created);

      const answer = 'Sorry about that!\nA new copy is on its way.';
      const res = await callAs(t, 'POST', `/api/v1/support-tickets/${id}/replies`, who, { message: `  ${answer} ` });
      expect(res.statusCode, res.body).toBe(201);
      const thread = res.json<StaffTicket>();
      expect(thread.replies).toEqual([
        {
          id: expect.any(Number),
          message: answer,
          createdAt: expect.any(String),
          authorName: who.userName,
          fromCustomer: false,
        },
      ]);

      await t.app.jobs.runDue();
      // A line break typed into the subject does not reach the mail's header.
      const mail = await mailTo(alice.emailAddress, `Re: Damaged cover [${created.ticketNumber}]`);
      expect(mail.text).toContain(answer);
      expect(mail.text).toContain('> It has been a week and nothing');
      expect(mail.text).toContain('Hello Alice,');
      expect(mail.replyTo).toBe('help@shop.test');

      const mine = (await customerTickets(alice)).data.find((x) => x.id === id)!;
      expect(mine.replies).toEqual([
        {
          id: thread.replies[0]!.id,
          message: answer,
          createdAt: expect.any(String),
          authorName: 'Bookshop Support',
          fromCustomer: false,
        },
      ]);
      expect((await allPending()).find((x) => x.id === id)).toMatchObject({
        replyCount: 1,
        lastReplyAt: expect.any(String),
        awaitingAnswer: false,
      });

      const closed = await callAs(t, 'PATCH', `/api/v1/support-tickets/${id}`, who, { status: 'closed' });
      expect(closed.statusCode, closed.body).toBe(200);
      expect(closed.json<StaffTicket>()).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
      expect((await allPending()).some((x) => x.id === id)).toBe(false);
      expect((await customerTickets(alice)).data.find((x) => x.id === id)!.status).toBe('closed');

      // A closed ticket takes no reply until it is reopened.
      expectProblem(
        await callAs(t, 'POST', `/api/v1/support-tickets/${id}/replies`, who, { message: 'One more thing' }),
        409,
      );
      const reopened = await callAs(t, 'PATCH', `/api/v1/support-tickets/${id}`, who, { status: 'open' });
      expect(reopened.json<StaffTicket>()).toMatchObject({ status: 'open', closedAt: null });
      expect((await allPending()).some((x) => x.id === id)).toBe(true);
    },
  );

  it('mails a reply to a contact item to the address it came from', async () => {
    const body = contact();
    const id = idOf(await sendContact(body));
    const res = await callAs(t, 'POST', `/api/v1/support-tickets/${id}/replies`, staff.supervisor, {
      message: 'Yes, for free.',
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.jobs.runDue();
    const mail = await mailTo(body.emailAddress, 'Re: ');
    expect(mail.text).toContain('Hello Layla Haddad,');
    expect(mail.text).toContain('Yes, for free.');
  });

  it('keeps the author’s e-mailed answer, pasted by staff, as theirs: not mailed, and a closed ticket opens again', async () => {
    const body = contact();
    const id = idOf(await sendContact(body));
    await callAs(t, 'POST', `/api/v1/support-tickets/${id}/replies`, staff.supervisor, { message: 'Which size?' });
    await callAs(t, 'PATCH', `/api/v1/support-tickets/${id}`, staff.supervisor, { status: 'closed' });
    await t.app.jobs.runDue();
    const mailsBefore = smtp.mails.length;

    const res = await callAs(t, 'POST', `/api/v1/support-tickets/${id}/author-replies`, staff.admin, {
      message: 'A4, please.\n\n> Which size?',
    });
    expect(res.statusCode, res.body).toBe(201);
    const thread = res.json<StaffTicket>();
    expect(thread).toMatchObject({ status: 'open', closedAt: null });
    expect(thread.replies.map((r) => [r.authorName, r.fromCustomer, r.message])).toEqual([
      [staff.supervisor.userName, false, 'Which size?'],
      ['Layla Haddad', true, 'A4, please.\n\n> Which size?'],
    ]);
    expect((await allPending()).find((x) => x.id === id)).toMatchObject({ awaitingAnswer: true, replyCount: 2 });
    await t.app.jobs.runDue();
    expect(smtp.mails.length).toBe(mailsBefore);
    expectValidationError(
      await callAs(t, 'POST', `/api/v1/support-tickets/${id}/author-replies`, staff.admin, { message: ' ' }),
      'message',
      SupportMessages.replyRequired,
    );
  });

  it('validates replies and status, and answers 404 for an unknown ticket', async () => {
    const id = idOf(await sendContact());
    const reply = (message: unknown) =>
      callAs(t, 'POST', `/api/v1/support-tickets/${id}/replies`, staff.admin, { message });
    expectValidationError(await reply('   '), 'message', SupportMessages.replyRequired);
    expectValidationError(await reply('x'.repeat(5001)), 'message', SupportMessages.replyMax);
    expectValidationError(
      await callAs(t, 'PATCH', `/api/v1/support-tickets/${id}`, staff.admin, { status: 'solved' }),
      'status',
      SupportMessages.statusInvalid,
    );
    expectValidationError(await callAs(t, 'GET', '/api/v1/support-tickets/abc', staff.supervisor), 'id');
    for (const [method, url, body] of routes(2_000_000).slice(2))
      expectProblem(await callAs(t, method, url, staff.admin, body), 404);
  });
});

describe('a customer’s tickets', () => {
  it('are theirs alone, newest first; no token 401, staff 403', async () => {
    const dave = await createCustomer(t);
    const older = await openTicket(dave);
    const newer = await openTicket(dave);
    const page = await customerTickets(dave);
    expect(page.data.map((x) => x.ticketNumber)).toEqual([newer.ticketNumber, older.ticketNumber]);
    expect((await customerTickets(bob)).data.some((x) => x.ticketNumber === older.ticketNumber)).toBe(false);
    expectProblem(await call('GET', '/api/v1/support-tickets/customer'), 401);
    expectProblem(await call('GET', '/api/v1/support-tickets/customer', staff.admin), 403);
  });

  it('go with the account when the customer deletes it', async () => {
    const erin = await createCustomer(t);
    const id = idOf(await openTicket(erin));
    const res = await call('DELETE', '/api/v1/customers/account', erin, { password: erin.password });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expectProblem(await callAs(t, 'GET', `/api/v1/support-tickets/${id}`, staff.supervisor), 404);
  });
});

describe('POST v1/support-tickets/customer/{id}/replies (the customer follows up)', () => {
  // Her own account: opening tickets has an hourly limit per customer.
  let hana: TestAccount;
  beforeAll(async () => {
    hana = await createCustomer(t, { userName: `hana-${unique()}`, firstName: 'Hana' });
  });
  it('adds the message to the thread, where staff see it as the customer’s, waiting for an answer', async () => {
    const created = await openTicket(hana);
    const id = idOf(created);
    await callAs(t, 'POST', `/api/v1/support-tickets/${id}/replies`, staff.supervisor, { message: 'Which order?' });
    expect((await allPending()).find((x) => x.id === id)).toMatchObject({ awaitingAnswer: false, replyCount: 1 });

    await t.app.jobs.runDue();
    const mailsBefore = smtp.mails.length;
    const res = await call('POST', followUpUrl(id), hana, { message: '  The one from Monday, BK-000001.\nThanks!  ' });
    expect(res.statusCode, res.body).toBe(201);
    const mine = res.json<CustomerTicket>();
    expect(mine).toMatchObject({ id, status: 'open' });
    expect(mine.replies.map((r) => [r.authorName, r.fromCustomer, r.message])).toEqual([
      ['Bookshop Support', false, 'Which order?'],
      [hana.userName, true, 'The one from Monday, BK-000001.\nThanks!'],
    ]);

    const thread = await staffThread(id);
    expect(thread.replies.map((r) => [r.authorName, r.fromCustomer])).toEqual([
      [staff.supervisor.userName, false],
      [hana.userName, true],
    ]);
    expect((await allPending()).find((x) => x.id === id)).toMatchObject({ awaitingAnswer: true, replyCount: 2 });
    // The customer wrote it on /account: no mail to anyone.
    await t.app.jobs.runDue();
    expect(smtp.mails.length).toBe(mailsBefore);
  });

  it('opens a closed ticket again: back in the staff’s open list, and staff can answer it', async () => {
    const id = idOf(await openTicket(hana));
    await callAs(t, 'PATCH', `/api/v1/support-tickets/${id}`, staff.supervisor, { status: 'closed' });
    expect((await allPending()).some((x) => x.id === id)).toBe(false);

    const res = await call('POST', followUpUrl(id), hana, { message: 'It happened again, sorry.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<CustomerTicket>().status).toBe('open');
    expect(await staffThread(id)).toMatchObject({ status: 'open', closedAt: null });
    expect((await allPending()).find((x) => x.id === id)).toMatchObject({ awaitingAnswer: true });
    const answer = await callAs(t, 'POST', `/api/v1/support-tickets/${id}/replies`, staff.admin, { message: 'On it.' });
    expect(answer.statusCode, answer.body).toBe(201);
  });

  it('no token 401, staff 403; another customer’s ticket, a contact item or an unknown one 404; nothing stored', async () => {
    const id = idOf(await openTicket(hana));
    const contactId = idOf(await sendContact());
    const before = await countRows('support_replies');
    const body = { message: 'Is anybody there?' };
    expectProblem(await call('POST', followUpUrl(id), undefined, body), 401);
    expectProblem(await call('POST', followUpUrl(id), staff.admin, body), 403);
    for (const other of [id, contactId, 2_000_000]) {
      const res = await call('POST', followUpUrl(other), bob, body);
      expectProblem(res, 404);
      expect(res.json<{ detail: string }>().detail).toBe(SupportMessages.notFound);
    }
    expect(await countRows('support_replies')).toBe(before);
    expect((await staffThread(id)).status).toBe('open');
  });

  it.each([
    [{}, SupportMessages.replyRequired],
    [{ message: ' \u200b ' }, SupportMessages.replyRequired],
    [{ message: 'x'.repeat(5001) }, SupportMessages.replyMax],
    [{ message: 42 }, SupportMessages.replyRequired],
  ])('refuses %j with a message on the field, storing nothing', async (body, message) => {
    const id = idOf(await openTicket(hana));
    const before = await countRows('support_replies');
    expectValidationError(await call('POST', followUpUrl(id), hana, body), 'message', message);
    expectValidationError(await call('POST', '/api/v1/support-tickets/customer/abc/replies', hana, body), 'id');
    expect(await countRows('support_replies')).toBe(before);
  });

  it(`limits a customer to ${SupportLimits.followUp.perAccount.max} follow-ups an hour`, async () => {
    const frank = await createCustomer(t);
    const id = idOf(await openTicket(frank));
    for (let i = 0; i < SupportLimits.followUp.perAccount.max; i++)
      expect((await call('POST', followUpUrl(id), frank, { message: `Update ${i}` })).statusCode).toBe(201);
    expectTooManyRequests(await call('POST', followUpUrl(id), frank, { message: 'One more' }));
  });
});

describe('GET v1/support-tickets (the staff list)', () => {
  let open: TicketCreated;
  let closed: TicketCreated;
  let fromContact: TicketCreated;
  let grace: TestAccount;
  beforeAll(async () => {
    grace = await createCustomer(t, { userName: `g-${unique()}`, firstName: 'Grace', lastName: 'Hopper' });
    open = await openTicket(grace);
    closed = await openTicket(grace);
    await callAs(t, 'PATCH', `/api/v1/support-tickets/${idOf(closed)}`, staff.admin, { status: 'closed' });
    fromContact = await sendContact(contact({ name: 'Ada Lovelace', emailAddress: `ada-${unique()}@Example.org` }));
  });

  it('shows open ones by default, oldest first; closed ones or all of them, the latest activity first', async () => {
    const byDefault = await numbersIn('');
    expect(byDefault).toEqual(await numbersIn('status=open'));
    expect(byDefault).toContain(open.ticketNumber);
    expect(byDefault).not.toContain(closed.ticketNumber);
    const created = (await staffList('status=open')).data.map((x) => x.createdAt);
    expect([...created].sort()).toEqual(created);

    const closedOnes = await staffList('status=closed');
    expect(closedOnes.data.every((x) => x.status === 'closed')).toBe(true);
    expect(closedOnes.data.map((x) => x.ticketNumber)).toContain(closed.ticketNumber);

    const all = await numbersIn('status=all');
    expect(all).toEqual(expect.arrayContaining([open.ticketNumber, closed.ticketNumber, fromContact.ticketNumber]));
    // The contact item was the last written to.
    expect(all.indexOf(fromContact.ticketNumber)).toBeLessThan(all.indexOf(open.ticketNumber));
  });

  it.each([
    ['the ticket number', () => open.ticketNumber, () => [open]],
    ['the number in lower case, without its zeros', () => `st${idOf(open)}`, () => [open]],
    ['the bare id', () => String(idOf(closed)), () => [closed]],
    ['the customer’s first and last name, any case', () => 'grace HOP', () => [open, closed]],
    [
      'part of the customer’s e-mail address',
      () => grace.emailAddress.slice(0, 14).toUpperCase(),
      () => [open, closed],
    ],
    ['the contact form’s name', () => 'lovelace', () => [fromContact]],
    ['the contact form’s address', () => 'example.ORG', () => [fromContact]],
  ])('finds tickets by %s (status all)', async (_, q, expected) => {
    const found = await numbersIn(`status=all&q=${encodeURIComponent(q())}`);
    expect([...found].sort()).toEqual(
      expected()
        .map((x) => x.ticketNumber)
        .sort(),
    );
  });

  it('takes a ticket number for that ticket alone, not for every address with its digits', async () => {
    const id = idOf(closed);
    const lookalike = await sendContact(
      contact({ name: 'Digits', emailAddress: `reader${id}-${unique()}@example.org` }),
    );
    expect(await numbersIn(`status=all&q=${encodeURIComponent(`reader${id}`)}`)).toEqual([lookalike.ticketNumber]);
    expect(await numbersIn(`status=all&q=${id}`)).toEqual([closed.ticketNumber]);
  });

  it('searches within the status, counts what it finds, and takes % and _ literally', async () => {
    expect(await numbersIn(`q=${encodeURIComponent('grace hopper')}`)).toEqual([open.ticketNumber]);
    const found = await staffList(`status=closed&q=${encodeURIComponent('Grace')}`);
    expect(found.total).toBe(found.data.length);
    expect(found.data.map((x) => x.ticketNumber)).toContain(closed.ticketNumber);
    expect(await numbersIn('status=all&q=%25')).toEqual([]);
    expect(await numbersIn('status=all&q=_')).toEqual([]);
  });

  it('refuses an unknown status or a search too long, with the field’s message', async () => {
    expectValidationError(
      await call('GET', '/api/v1/support-tickets?status=solved', staff.supervisor),
      'status',
      SupportMessages.statusFilterInvalid,
    );
    expectValidationError(
      await call('GET', `/api/v1/support-tickets?q=${'x'.repeat(101)}`, staff.supervisor),
      'q',
      SupportMessages.searchMax,
    );
  });
});

describe('support mails in Arabic (decision 094)', () => {
  const reply = (id: number, message: string) =>
    callAs(t, 'POST', `/api/v1/support-tickets/${id}/replies`, staff.supervisor, { message });

  it('answer a customer who prefers Arabic in Arabic, linking the Arabic account page', async () => {
    const layla = await createCustomer(t, {
      userName: `layla-${unique()}`,
      firstName: 'ليلى',
      preferredLanguage: 'ar',
    });
    const body = ticket();
    const created = await openTicket(layla, body);
    await t.app.jobs.runDue();
    const acknowledgement = await mailTo(layla.emailAddress, 'تلقّينا رسالتك');
    expect(acknowledgement.subject).toBe(`تلقّينا رسالتك [${created.ticketNumber}]: ${body.subject}`);
    expect(acknowledgement.html).toContain('<html lang="ar" dir="rtl">');
    expect(acknowledgement.links).toContain('http://shop.test/ar/account#support');
    // What the customer typed stays text in the HTML part.
    expect(acknowledgement.html).toContain('&lt;b&gt;Please&lt;/b&gt;');

    expect((await reply(idOf(created), 'طردك في الطريق.')).statusCode).toBe(201);
    await t.app.jobs.runDue();
    const answer = await mailTo(layla.emailAddress, 'رد: ');
    expect(answer.subject).toBe(`رد: ${body.subject} [${created.ticketNumber}]`);
    expect(answer.html).toContain('<html lang="ar" dir="rtl">');
    expect(answer.text).toMatch(/^في \d{1,2} [^\d]+ \d{4}، \d{1,2}:\d\d [صم] كتبت/m);
  });

  it('write to a guest in the language of the page they sent the form from, also when staff answer later', async () => {
    const body = contact();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact-items',
      payload: body,
      headers: { 'x-forwarded-for': uniqueIp(), 'accept-language': 'ar' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<TicketCreated>();
    await t.app.jobs.runDue();
    const acknowledgement = await mailTo(body.emailAddress, 'تلقّينا رسالتك');
    expect(acknowledgement.html).toContain('<html lang="ar" dir="rtl">');
    expect(acknowledgement.text).toContain('مرحبًا Layla Haddad،');
    expect(acknowledgement.links).toContain('http://shop.test/ar/contact-us');

    expect((await reply(idOf(created), 'نعم، نغلّف الهدايا.')).statusCode).toBe(201);
    await t.app.jobs.runDue();
    const answer = await mailTo(body.emailAddress, 'رد: ');
    expect(answer.links).toContain('http://shop.test/ar/contact-us');

    // A guest writing from an English page is answered in English, as before.
    const english = contact();
    await sendContact(english);
    await t.app.jobs.runDue();
    expect((await mailTo(english.emailAddress, 'We received your message')).html).toBe('');
  });
});
