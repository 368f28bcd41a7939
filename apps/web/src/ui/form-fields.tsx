import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { useLocale, useT } from '../lib/i18n/i18n.tsx';
import { localiseMessage } from '../lib/i18n/localise-message.ts';
import { EyeIcon, EyeOffIcon } from './icons.tsx';

/*
 * Labelled form controls for react-hook-form's `register`: the label names the control, the
 * field's first failing rule shows under it and is linked with aria-describedby, and a hint
 * (optional) says what is expected before anything goes wrong.
 */

type FieldChrome = {
  label: string;
  /** The first failing rule of this field. */
  error?: string;
  hint?: ReactNode;
};

const controlClasses =
  'min-h-11 w-full rounded-md border border-stone-300 bg-white px-3 text-base text-stone-900 ' +
  'placeholder:text-stone-500 aria-invalid:border-red-700 disabled:bg-stone-100';

function useFieldIds(error: string | undefined, hint: ReactNode) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return { id, hintId: `${id}-hint`, errorId: `${id}-error`, describedBy: describedBy || undefined };
}

function FieldMessages({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint: ReactNode;
  hintId: string;
  error?: string;
  errorId: string;
}) {
  // A contracts' message (zod's, the server's) in the page's language, wherever it was read (decision 093).
  const locale = useLocale();
  return (
    <>
      {hint && (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {localiseMessage(error, locale)}
        </p>
      )}
    </>
  );
}

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> &
  FieldChrome & {
    /** Extra content under the field, outside its description (e.g. the "already registered" notice). */
    after?: ReactNode;
    /** A control inside the input's end (PasswordField's show/hide button). */
    trailing?: ReactNode;
  };

export function TextField({ label, error, hint, after, trailing, className = '', ref, ...rest }: TextFieldProps) {
  const ids = useFieldIds(error, hint);
  const input = (
    <input
      ref={ref}
      id={ids.id}
      aria-invalid={error ? true : undefined}
      aria-describedby={ids.describedBy}
      className={trailing ? `${controlClasses} pe-12` : controlClasses}
      {...rest}
    />
  );
  return (
    <div className={`grid content-start gap-1.5 ${className}`}>
      <label htmlFor={ids.id} className="text-sm font-semibold text-stone-800">
        {label}
      </label>
      {trailing ? (
        <div className="relative">
          {input}
          <div className="absolute inset-y-0 end-0 flex items-center pe-1">{trailing}</div>
        </div>
      ) : (
        input
      )}
      <FieldMessages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
      {after}
    </div>
  );
}

/** A password input with the spec's show/hide toggle, named after the field ("Show password"). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  const what = props.label.toLowerCase();
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      // A shown password must not reach spell checkers (some send text to a server) or be capitalised.
      autoCapitalize="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((was) => !was)}
          aria-label={t(visible ? 'field.hide' : 'field.show', { what })}
          aria-pressed={visible}
          className="inline-flex size-10 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}

/** The 'Email Address' input the login, reset, confirmation, register and contact forms share. */
export function EmailField(props: Omit<TextFieldProps, 'type' | 'label'> & { label?: string }) {
  const t = useT();
  return <TextField label={t('field.email')} type="email" autoComplete="email" {...props} />;
}

export function SelectField({
  label,
  error,
  hint,
  className = '',
  ref,
  children,
  ...select
}: Omit<ComponentProps<'select'>, 'id'> & FieldChrome) {
  const ids = useFieldIds(error, hint);
  return (
    <div className={`grid content-start gap-1.5 ${className}`}>
      <label htmlFor={ids.id} className="text-sm font-semibold text-stone-800">
        {label}
      </label>
      <select
        ref={ref}
        id={ids.id}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={controlClasses}
        {...select}
      >
        {children}
      </select>
      <FieldMessages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

export function CheckboxField({
  label,
  error,
  hint,
  className = '',
  ref,
  ...input
}: Omit<ComponentProps<'input'>, 'id' | 'type'> & FieldChrome) {
  const ids = useFieldIds(error, hint);
  return (
    <div className={`grid gap-1 ${className}`}>
      <div className="flex items-center gap-3">
        <input
          ref={ref}
          id={ids.id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className="size-5 accent-brand disabled:opacity-60"
          {...input}
        />
        <label htmlFor={ids.id} className="text-sm font-semibold text-stone-800">
          {label}
        </label>
      </div>
      <FieldMessages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

/** A multi-line text input (messages, replies); it grows with the text up to a point, then scrolls. */
export function TextAreaField({
  label,
  error,
  hint,
  className = '',
  ref,
  rows = 6,
  ...textarea
}: Omit<ComponentProps<'textarea'>, 'id'> & FieldChrome) {
  const ids = useFieldIds(error, hint);
  return (
    <div className={`grid content-start gap-1.5 ${className}`}>
      <label htmlFor={ids.id} className="text-sm font-semibold text-stone-800">
        {label}
      </label>
      <textarea
        ref={ref}
        id={ids.id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={`${controlClasses} max-h-96 py-2 leading-relaxed`}
        {...textarea}
      />
      <FieldMessages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}
