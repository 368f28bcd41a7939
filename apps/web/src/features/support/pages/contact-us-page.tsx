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
import { useT } from '../../../lib/i18n/i18n.tsx';
import { useRichT } from '../../../lib/i18n/rich-text.tsx';
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
  const t = useT();
  const [sent, setSent] = useState<TicketCreated | null>(null);

  return (
    <article className="grid max-w-2xl gap-8 py-10">
      <PageMeta
        {...staticPageMeta({
          heading: t('contactUs.title'),
          summary: t('contactUs.summary'),
          path: Routes.contactUs,
        })}
      />
      <header className="grid gap-3 border-b border-stone-200 pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{t('contactUs.title')}</h1>
        <p className="text-lg text-stone-700">
          {t('contactUs.summary')} {t('contactUs.signedIn')}
        </p>
      </header>
      {sent ? <Sent result={sent} onAgain={() => setSent(null)} /> : <ContactForm onSent={setSent} />}
    </article>
  );
}

function ContactForm({ onSent }: { onSent: (result: TicketCreated) => void }) {
  const t = useT();
  const send = useCreateContactItem();
  const { field, register, handleSubmit, showServerErrors } = useSchemaForm(CreateContactItemSchema, EMPTY);

  const onSubmit = (values: CreateContactItem) =>
    send.mutate(values, {
      onSuccess: onSent,
      onError: (error) => showServerErrors(error, FIELDS),
    });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="relative grid gap-5" aria-label={t('contactUs.form')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={t('contactUs.name')} autoComplete="name" maxLength={NAME_MAX_LENGTH} {...field('name')} />
        <EmailField label={t('contactUs.email')} {...field('emailAddress')} />
      </div>
      <TextField label={t('tickets.subject')} maxLength={SUBJECT_MAX_LENGTH} {...field('subject')} />
      <TextAreaField
        label={t('tickets.message')}
        maxLength={MESSAGE_MAX_LENGTH}
        hint={`${t('tickets.messageLength', { min: MESSAGE_MIN_LENGTH, max: MESSAGE_MAX_LENGTH })} ${t('contactUs.quoteOrder')}`}
        {...field('message')}
      />
      <HoneypotField {...register(HONEYPOT_FIELD)} />
      <Button type="submit" className="justify-self-start" pending={send.isPending}>
        {t('contactUs.send')}
      </Button>
    </form>
  );
}

function Sent({ result, onAgain }: { result: TicketCreated; onAgain: () => void }) {
  const t = useT();
  const rich = useRichT();
  return (
    <section
      role="status"
      aria-labelledby="contact-sent-title"
      className="grid justify-items-start gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-6"
    >
      <h2 id="contact-sent-title" className="text-xl font-bold text-emerald-950">
        {t('contactUs.sent')}
      </h2>
      <p className="text-emerald-950">{result.message}</p>
      <p className="text-emerald-950">
        {rich(
          'contactUs.ticketNumber',
          { ticketNumber: result.ticketNumber },
          { b: (text) => <strong>{text}</strong> },
        )}
      </p>
      <Button variant="secondary" size="sm" onClick={onAgain}>
        {t('contactUs.again')}
      </Button>
    </section>
  );
}
