import type { ComponentProps } from 'react';
import { Link, useLocation } from 'react-router';
import { EmailSchema } from '@bookshop/contracts/auth';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { EmailField } from '../../../ui/form-fields.tsx';
import { useCheckEmail } from '../api/check-email.ts';
import { authAreas, type AuthArea } from '../lib/auth-area.ts';
import type { LoginPrefillState } from './login-form.tsx';

/**
 * Spec section 5: when the e-mail field loses focus with a well-formed address, ask whether it is
 * already registered; if so say so, with a link to log in instead.
 */
export function useRegisteredEmailCheck(area: AuthArea, currentEmail: string) {
  const check = useCheckEmail(area);
  const onBlur = (value: string) => {
    const email = value.trim();
    const alreadyAsked = email === check.variables && !check.isError;
    if (EmailSchema.safeParse(email).success && !alreadyAsked) check.mutate(email);
  };
  // The notice belongs to the address it was asked for; typing another hides it.
  const registeredEmail =
    check.data?.registered && check.data.emailAddress === currentEmail.trim() ? check.data.emailAddress : undefined;
  return { onBlur, registeredEmail };
}

export function RegisteredEmailNotice({ area, emailAddress }: { area: AuthArea; emailAddress: string }) {
  const t = useT();
  const location = useLocation();
  const state: LoginPrefillState & Record<string, unknown> = {
    ...(location.state as Record<string, unknown> | null),
    emailAddress,
  };
  return (
    <p role="status" className="text-sm text-red-700">
      {t('auth.register.emailRegistered', { email: emailAddress })}{' '}
      <Link to={authAreas[area].login} state={state} className="font-semibold text-brand underline">
        {t('auth.register.loginInstead')}
      </Link>
    </p>
  );
}

type RegisteredEmailFieldProps = Omit<ComponentProps<typeof EmailField>, 'after'> & {
  area: AuthArea;
  /** The address as typed now (the form's watched value). */
  emailAddress: string;
};

/** The register forms' e-mail field, which says when the address already has an account. */
export function RegisteredEmailField({ area, emailAddress, onBlur, ...props }: RegisteredEmailFieldProps) {
  const t = useT();
  const check = useRegisteredEmailCheck(area, emailAddress);
  return (
    <EmailField
      label={t('auth.emailAddress')}
      {...props}
      onBlur={(event) => {
        void onBlur?.(event);
        check.onBlur(event.currentTarget.value);
      }}
      after={check.registeredEmail && <RegisteredEmailNotice area={area} emailAddress={check.registeredEmail} />}
    />
  );
}
