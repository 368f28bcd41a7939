import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormProps,
} from 'react-hook-form';
import type { z } from 'zod';
import { setServerFieldErrors } from './field-errors.ts';
import { useLocale } from './i18n/i18n.tsx';
import { localiseMessage } from './i18n/localise-message.ts';

/**
 * A form checked on every change with a contract's zod schema (spec section 5), as every form of
 * the shop is. Besides `useForm`'s result it gives `field(name)`, the props a `TextField` (or any
 * field of ui/form-fields.tsx) takes for that input, its message included (in the page's language),
 * and `showServerErrors`,
 * which puts a failed request's field errors under the fields named.
 */
export function useSchemaForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver' | 'defaultValues'> = {},
) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues,
    ...options,
  });
  const locale = useLocale();
  const field = (name: Path<Input>, registerOptions?: RegisterOptions<Input, Path<Input>>) => {
    const message = form.getFieldState(name, form.formState).error?.message;
    // zod's messages are the contracts' English: an Arabic page shows their Arabic (decision 093).
    return { ...form.register(name, registerOptions), error: message && localiseMessage(message, locale) };
  };
  const showServerErrors = (error: unknown, fields: readonly Path<Input>[]) =>
    setServerFieldErrors(error, fields, form.setError);
  return { ...form, field, showServerErrors };
}
