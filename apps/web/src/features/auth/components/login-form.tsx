import { Link, useLocation } from 'react-router';
import { LoginSchema, ProblemType } from '@bookshop/contracts/auth';
import { ApiError } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { Button } from '../../../ui/button.tsx';
import { EmailField, PasswordField } from '../../../ui/form-fields.tsx';
import { useLogin } from '../api/login.ts';
import { useResendConfirmation } from '../api/resend-confirmation.ts';
import { authAreas, type AuthArea } from '../lib/auth-area.ts';

/** The e-mail the register page hands over, so the visitor need not type it again. */
export type LoginPrefillState = { emailAddress?: string };

/**
 * E-mail and password (spec section 5: validated on every change with the shared schema). On
 * success the session starts and the page's guard returns the visitor to where they came from.
 */
export function LoginForm({ area }: { area: AuthArea }) {
  const t = useT();
  const location = useLocation();
  const prefill = (location.state as LoginPrefillState | null)?.emailAddress;
  const { field, handleSubmit } = useSchemaForm(LoginSchema, { emailAddress: prefill ?? '', password: '' });
  const loginMutation = useLogin(area);
  const notConfirmed =
    loginMutation.error instanceof ApiError && loginMutation.error.problem.type === ProblemType.emailNotConfirmed;

  return (
    <form noValidate onSubmit={handleSubmit((values) => loginMutation.mutate(values))} className="grid gap-4">
      <EmailField label={t('auth.emailAddress')} {...field('emailAddress')} />
      <PasswordField label={t('auth.password')} autoComplete="current-password" {...field('password')} />
      <Link to={authAreas[area].forgotPassword} className="justify-self-end text-sm font-semibold text-brand underline">
        {t('auth.forgotPasswordLink')}
      </Link>
      {notConfirmed && loginMutation.variables && (
        <ResendConfirmation area={area} emailAddress={loginMutation.variables.emailAddress} />
      )}
      <Button type="submit" size="lg" pending={loginMutation.isPending}>
        {t('account.login')}
      </Button>
    </form>
  );
}

/** Until the address is confirmed, login fails; the page offers to mail the link again. */
function ResendConfirmation({ area, emailAddress }: { area: AuthArea; emailAddress: string }) {
  const t = useT();
  const resend = useResendConfirmation(area);
  return (
    <div className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      {resend.isSuccess ? (
        <p role="status">{resend.data.message}</p>
      ) : (
        <>
          <p>{t('auth.login.notConfirmed')}</p>
          <Button
            variant="secondary"
            size="sm"
            className="justify-self-start"
            pending={resend.isPending}
            onClick={() => resend.mutate(emailAddress)}
          >
            {t('auth.login.resend')}
          </Button>
        </>
      )}
    </div>
  );
}
