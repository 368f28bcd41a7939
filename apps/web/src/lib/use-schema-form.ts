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

/**
 * A form checked on every change with a contract's zod schema (spec section 5), as every form of
 * the shop is. Besides `useForm`'s result it gives `field(name)`, the props a `TextField` (or any
 * field of ui/form-fields.tsx) takes for that input, its message included, and `showServerErrors`,
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
  const field = (name: Path<Input>, registerOptions?: RegisterOptions<Input, Path<Input>>) => ({
    ...form.register(name, registerOptions),
    error: form.getFieldState(name, form.formState).error?.message,
  });
  const showServerErrors = (error: unknown, fields: readonly Path<Input>[]) =>
    setServerFieldErrors(error, fields, form.setError);
  return { ...form, field, showServerErrors };
}
