import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddressMessages } from '@bookshop/contracts/addresses';
import { FirstNameSchema } from '@bookshop/contracts/auth';
import { Messages } from '@bookshop/contracts/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TextField } from '../ui/form-fields.tsx';
import { ApiError } from './api-client.ts';
import { serverFieldError } from './field-errors.ts';
import { allMessages } from './i18n/all-catalogs.ts';
import { createI18n, I18nProvider, setPageI18n } from './i18n/i18n.tsx';
import type { Locale } from './i18n/locale.ts';
import { useSchemaForm } from './use-schema-form.ts';

/* Validation messages computed in the browser, in the page's language (decision 093). */

const schema = z.object({
  firstName: FirstNameSchema,
  phone: z.string().refine((phone) => phone.startsWith('+971'), AddressMessages.phoneInvalid('AE')),
});

function NameForm() {
  const { field } = useSchemaForm(schema, { firstName: '', phone: '' });
  return (
    <form>
      <TextField label="First name" {...field('firstName')} />
      <TextField label="Phone" {...field('phone')} />
    </form>
  );
}

const i18ns = { en: createI18n('en', allMessages('en')), ar: createI18n('ar', allMessages('ar')) };

async function typeInto(locale: Locale) {
  render(
    <I18nProvider i18n={i18ns[locale]}>
      <NameForm />
    </I18nProvider>,
  );
  await userEvent.type(screen.getByLabelText('First name'), 'A');
  await userEvent.type(screen.getByLabelText('Phone'), '050');
}

afterEach(() => setPageI18n(i18ns.en));

describe('a form’s validation messages', () => {
  it('are the contracts’ Arabic on an Arabic page, templated ones too', async () => {
    await typeInto('ar');
    expect(await screen.findByText('يجب ألا يقل الاسم الأول عن حرفين.')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('يجب ألا يقل الاسم الأول عن حرفين.');
    expect(screen.getByText('أدخل رقم هاتف صالحًا في الإمارات العربية المتحدة.')).toBeInTheDocument();
    expect(screen.queryByText(Messages.firstNameMin)).not.toBeInTheDocument();
  });

  it('are the contracts’ English, unchanged, on an English page', async () => {
    await typeInto('en');
    expect(await screen.findByText(Messages.firstNameMin)).toBeInTheDocument();
    expect(screen.getByText(AddressMessages.phoneInvalid('AE'))).toBeInTheDocument();
  });
});

describe('a server’s field error', () => {
  const refused = new ApiError(400, {
    title: 'Validation Failed',
    status: 400,
    errors: { firstName: [Messages.firstNameMin], nickname: ['Not one of ours.'] },
  });

  it('is in Arabic on an Arabic page when it came in English; other text as sent', () => {
    setPageI18n(i18ns.ar);
    expect(serverFieldError(refused, 'firstName')).toBe('يجب ألا يقل الاسم الأول عن حرفين.');
    expect(serverFieldError(refused, 'nickname')).toBe('Not one of ours.');
    expect(serverFieldError(refused, 'lastName')).toBeUndefined();
  });

  it('is as sent on an English page', () => {
    expect(serverFieldError(refused, 'firstName')).toBe(Messages.firstNameMin);
  });
});
