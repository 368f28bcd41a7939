import { EmailAddressSchema } from '@bookshop/contracts/auth';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { Button } from '../../../ui/button.tsx';
import { EmailField } from '../../../ui/form-fields.tsx';
import { useResendConfirmation } from '../api/resend-confirmation.ts';
import type { AuthArea } from '../lib/auth-area.ts';

/** Asks for a new confirmation link; the API answers the same whether or not the address is registered. */
export function ResendConfirmationForm({ area }: { area: AuthArea }) {
  const t = useT();
  const resend = useResendConfirmation(area);
  const { field, handleSubmit } = useSchemaForm(EmailAddressSchema, { emailAddress: '' });

  if (resend.isSuccess) {
    return (
      <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-950">
        {resend.data.message}
      </p>
    );
  }
  return (
    <form noValidate onSubmit={handleSubmit(({ emailAddress }) => resend.mutate(emailAddress))} className="grid gap-3">
      <EmailField label={t('auth.emailAddress')} {...field('emailAddress')} />
      <Button type="submit" variant="secondary" pending={resend.isPending}>
        {t('auth.confirm.sendNewLink')}
      </Button>
    </form>
  );
}
