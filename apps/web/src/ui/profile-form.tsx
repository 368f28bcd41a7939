import { useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { useForm, type DefaultValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { PROFILE_IMAGE_FIELD } from '@bookshop/contracts/account';
import { serverFieldError } from '../lib/field-errors.ts';
import { useT } from '../lib/i18n/i18n.tsx';
import { AvatarPicker } from './avatar-picker.tsx';
import { Button } from './button.tsx';
import { TextField } from './form-fields.tsx';
import { toast } from './toast.tsx';

/** The fields every profile has: the customer's on /account and the staff member's in the admin area. */
type ProfileNames = { firstName: string; lastName: string; userName: string };

/** What a save sends: the form's values, and a new `image` or `removeImage` for the avatar. */
export type ProfileSave<Values> = Values & { image?: File; removeImage?: boolean };

type ProfileFormProps<Values extends ProfileNames, Saved> = {
  /** The saved profile as the form's values; `userName` also gives the avatar its initial. */
  values: Values;
  /** The request's own schema (picked to the form's fields), so the browser shows the server's messages. */
  schema: z.ZodType<Values, Values>;
  /** The saved avatar, if any. */
  imageUrl: string | null;
  /** Sends the save (`PUT v1/customers`, `PUT v1/users`); its hook keeps the cached profile current. */
  save: Pick<UseMutationResult<Saved, Error, ProfileSave<Values>>, 'mutate' | 'isPending'>;
  /** The form's values of what the save answered, to start again from. */
  valuesOf: (saved: Saved) => Values;
  onSaved: () => void;
  /** Fields after the names, registered on this form (the customer's time zone). */
  extraFields?: (form: UseFormReturn<Values, unknown, Values>) => ReactNode;
  /** Shown above the save button. */
  children?: ReactNode;
};

/**
 * Avatar, first, last and user name, validated on every change, saved as one multipart request.
 * Server field errors land under their fields; a picture the server refuses is dropped.
 */
export function ProfileForm<Values extends ProfileNames, Saved>({
  values,
  schema,
  imageUrl,
  save,
  valuesOf,
  onSaved,
  extraFields,
  children,
}: ProfileFormProps<Values, Saved>) {
  const t = useT();
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [imageError, setImageError] = useState<string>();
  const form = useForm<Values, unknown, Values>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: values as DefaultValues<Values>,
  });
  const { register, handleSubmit, setError, reset, getFieldState, formState } = form;
  // The names every Values has; react-hook-form cannot see that through the type parameter.
  const field = (name: keyof ProfileNames) => name as Path<Values>;
  const errorOf = (name: keyof ProfileNames) => getFieldState(field(name), formState).error?.message;

  const onSubmit = (submitted: Values) =>
    save.mutate(
      { ...submitted, ...(image ? { image } : removeImage && { removeImage: true }) },
      {
        onSuccess: (saved) => {
          toast.success(t('profile.saved'));
          setImage(null);
          setRemoveImage(false);
          reset(valuesOf(saved));
          onSaved();
        },
        onError: (error) => {
          for (const name of Object.keys(values) as Path<Values>[]) {
            const message = serverFieldError(error, name);
            if (message) setError(name, { type: 'server', message });
          }
          const refused = serverFieldError(error, PROFILE_IMAGE_FIELD);
          if (refused) {
            setImage(null);
            setImageError(refused);
          }
        },
      },
    );

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-5">
      <AvatarPicker
        userName={values.userName}
        currentUrl={imageUrl}
        file={image}
        removing={removeImage}
        error={imageError}
        onChange={(change) => {
          if ('error' in change) setImage(null);
          else if ('file' in change) setImage(change.file);
          setRemoveImage('remove' in change && change.remove);
          setImageError('error' in change ? change.error : undefined);
        }}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('profile.firstName')}
          dir="auto"
          autoComplete="given-name"
          error={errorOf('firstName')}
          {...register(field('firstName'))}
        />
        <TextField
          label={t('profile.lastName')}
          dir="auto"
          autoComplete="family-name"
          error={errorOf('lastName')}
          {...register(field('lastName'))}
        />
        <TextField
          label={t('profile.userName')}
          dir="auto"
          autoComplete="username"
          error={errorOf('userName')}
          {...register(field('userName'))}
        />
        {extraFields?.(form)}
      </div>
      {children}
      <Button
        type="submit"
        className="justify-self-start"
        pending={save.isPending}
        disabled={!formState.isDirty && !image && !removeImage}
      >
        {t('profile.save')}
      </Button>
    </form>
  );
}
