import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { EyeIcon, EyeOffIcon } from './auth-icons.tsx';

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: string;
  /** The first failing rule of this field, shown under it and announced. */
  error?: string;
  /** Extra content under the field (e.g. the "already registered" notice). */
  after?: ReactNode;
  /** The input's trailing control (the show/hide password button). */
  trailing?: ReactNode;
};

const inputClasses =
  'min-h-11 w-full rounded-md border bg-white px-3 text-base text-stone-900 placeholder:text-stone-500 ' +
  'aria-invalid:border-red-700 disabled:bg-stone-100';

export function TextField({ label, error, after, trailing, className = '', ref, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`grid gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold text-stone-800">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`${inputClasses} ${trailing ? 'pe-12' : ''} border-stone-300`}
          {...input}
        />
        {trailing && <div className="absolute inset-y-0 end-0 flex items-center pe-1">{trailing}</div>}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
      {after}
    </div>
  );
}

/** A password input with the spec's show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
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
          aria-label={visible ? `Hide ${what}` : `Show ${what}`}
          aria-pressed={visible}
          className="inline-flex size-10 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}
