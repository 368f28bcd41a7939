import { useState } from 'react';
import { NAME_MAX_LENGTH } from '@bookshop/contracts/constants';
import { Routes } from '@bookshop/contracts/routes';
import {
  CreateContactItemSchema,
  HONEYPOT_FIELD,
  MESSAGE_MAX_LENGTH,
  MESSAGE_MIN_LENGTH,
  SUBJECT_MAX_LENGTH,
  type CreateContactItem,
  type TicketCreated,
} from '@bookshop/contracts/support';
import { PageMeta } from '../../../lib/seo/page-meta.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { staticPageMeta } from '../../../lib/seo/page-meta-builders.ts';
import { Button } from '../../../ui/button.tsx';
import { EmailField, TextAreaField, TextField } from '../../../ui/form-fields.tsx';
import { useCreateContactItem } from '../api/create-contact-item.ts';
import { HoneypotField } from '../components/honeypot-field.tsx';

const FIELDS = ['name', 'emailAddress', 'subject', 'message'] as const;
const EMPTY: CreateContactItem = { name: '', emailAddress: '', subject: '', message: '', [HONEYPOT_FIELD]: '' };

/** /contact-us (public): anyone writes to the shop; a copy and every answer come by e-mail. */
export function ContactUsPage() {
  const [sent, setSent] = useState<TicketCreated | null>(null);

  return (
    <article className="grid max-w-2xl gap-8 py-10">
      <PageMeta
        {...staticPageMeta({
          heading: 'Contact Us',
          summary:
            'A question about a book, an order or a delivery? Write to us and we will answer by e-mail, usually within one working day.',
          path: Routes.contactUs,
        })}
      />
      <header className="grid gap-3 border-b border-stone-200 pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">Contact Us</h1>
        <p className="text-lg text-stone-700">
          A question about a book, an order or a delivery? Write to us and we will answer by e-mail, usually within one
          working day. Signed in? You can also open a ticket from your account page and follow the answers there.
        </p>
      </header>
      {sent ? <Sent result={sent} onAgain={() => setSent(null)} /> : <ContactForm onSent={setSent} />}
    </article>
  );
}

function ContactForm({ onSent }: { onSent: (result: TicketCreated) => void }) {
  const send = useCreateContactItem();
  const { field, register, handleSubmit, showServerErrors } = useSchemaForm(CreateContactItemSchema, EMPTY);

  const onSubmit = (values: CreateContactItem) =>
    send.mutate(values, {
      onSuccess: onSent,
      onError: (error) => showServerErrors(error, FIELDS),
    });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="relative grid gap-5" aria-label="Contact form">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" maxLength={NAME_MAX_LENGTH} {...field('name')} />
        <EmailField {...field('emailAddress')} />
      </div>
      <TextField label="Subject" maxLength={SUBJECT_MAX_LENGTH} {...field('subject')} />
      <TextAreaField
        label="Message"
        maxLength={MESSAGE_MAX_LENGTH}
        hint={`${MESSAGE_MIN_LENGTH} to ${MESSAGE_MAX_LENGTH.toLocaleString('en-GB')} characters. Quote your order number if it is about an order.`}
        {...field('message')}
      />
      <HoneypotField {...register(HONEYPOT_FIELD)} />
      <Button type="submit" className="justify-self-start" pending={send.isPending}>
        Send Message
      </Button>
    </form>
  );
}

function Sent({ result, onAgain }: { result: TicketCreated; onAgain: () => void }) {
  return (
    <section
      role="status"
      aria-labelledby="contact-sent-title"
      className="grid justify-items-start gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-6"
    >
      <h2 id="contact-sent-title" className="text-xl font-bold text-emerald-950">
        Message sent
      </h2>
      <p className="text-emerald-950">{result.message}</p>
      <p className="text-emerald-950">
        Your ticket number is <strong>{result.ticketNumber}</strong>.
      </p>
      <Button variant="secondary" size="sm" onClick={onAgain}>
        Send another message
      </Button>
    </section>
  );
}
