import { useEffect, useId, useState, type FormEvent as ReactFormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { useBlocker } from 'react-router';
import {
  BOOK_FORM_DEFAULTS,
  BOOK_IMAGES_FIELD,
  BookAdminMessages,
  BookFormSchema,
  type BookForm as BookFormValues,
  type BookFormInput,
} from '@bookshop/contracts/book-admin';
import { AUTHOR_SEARCH_DEBOUNCE_MS, AUTHOR_SEARCH_MAX_LIMIT } from '@bookshop/contracts/constants';
import { ApiError, type UploadProgress } from '../../../../lib/api-client.ts';
import { Button } from '../../../../ui/button.tsx';
import { ConfirmDialog } from '../../../../ui/confirm-dialog.tsx';
import { CheckboxField, TextField } from '../../../../ui/form-fields.tsx';
import { authorSearchQueryOptions } from '../../../../lib/api/get-authors.ts';
import { useDebouncedValue } from '../../../../lib/use-debounced-value.ts';
import { useGenres } from '../../../../lib/api/get-genres.ts';
import { PERCENTAGE_TYPING, PRICE_TYPING, WHOLE_NUMBER_TYPING, textAfterInsert } from '../lib/decimal-masks.ts';
import { ImageManager, type BookImage } from './image-manager.tsx';
import { NamePicker } from './name-picker.tsx';

const FIELDS = [
  'title',
  'titleAr',
  'description',
  'descriptionAr',
  'isbn',
  'price',
  'discountPercentage',
  'stockQuantity',
  'isNextDayDeliveryEligible',
  'isActive',
  'authors',
  'genres',
] as const satisfies readonly FieldPath<BookFormInput>[];

type BookFormProps = {
  initialValues?: BookFormInput;
  initialImages?: BookImage[];
  initialMainIndex?: number;
  /** Names the book already has, so its chosen authors/genres show by name. */
  knownAuthors?: readonly Named[];
  knownGenres?: readonly Named[];
  submitLabel: string;
  /** Sends the multipart form; resolves when saved (the form is then clean again). */
  onSave: (form: FormData, onProgress: (p: UploadProgress) => void) => Promise<unknown>;
  /** Extra text fields (the update's id and keepImageUrls) from the final image list. */
  extraFields?: (images: readonly BookImage[]) => Promise<{ fields: Record<string, string>; files: File[] }>;
  /**
   * The stock as it is now, when this page moved it (copies received below the form): a stock
   * field staff have not touched takes it, and `onStockAdopted` is told, so the save's original
   * figure moves with it (decision 077). A field staff changed keeps their figure.
   */
  liveStock?: number;
  onStockAdopted?: (stock: number) => void;
};

/** Kept images first, then files; see decision 034 for images moved behind a new file. */
function defaultImageParts(images: readonly BookImage[]) {
  return Promise.resolve({
    fields: {},
    files: images.flatMap((image) => (image.kind === 'new' ? [image.file] : [])),
  });
}

/** Puts a problem's field errors on their fields (400 validation, 409 title/ISBN taken). */
function showServerErrors(
  error: unknown,
  form: UseFormReturn<BookFormInput, unknown, BookFormValues>,
  setImageError: (m?: string) => void,
) {
  if (!(error instanceof ApiError)) return;
  const errors: Record<string, string[]> = { ...error.problem.errors };
  const detail = error.problem.detail;
  if (error.status === 409 && !error.problem.errors) {
    if (detail === BookAdminMessages.titleTaken) errors.title = [detail];
    if (detail === BookAdminMessages.isbnTaken) errors.isbn = [detail];
  }
  for (const [field, messages] of Object.entries(errors)) {
    const name = FIELDS.find((known) => known === field);
    if (name && messages[0]) form.setError(name, { type: 'server', message: messages[0] });
    if ((field === BOOK_IMAGES_FIELD || field === 'mainImageIndex' || field === 'keepImageUrls') && messages[0])
      setImageError(messages[0]);
  }
}

/** The add-book and update-book form: validated on every change with the API's own schema. */
export function BookForm({
  initialValues = BOOK_FORM_DEFAULTS,
  initialImages = [],
  initialMainIndex = 0,
  knownAuthors = [],
  knownGenres = [],
  submitLabel,
  onSave,
  extraFields = defaultImageParts,
  liveStock,
  onStockAdopted,
}: BookFormProps) {
  // Authors are asked for by what is typed, at most AUTHOR_SEARCH_MAX_LIMIT at a time (decision 097).
  const [authorText, setAuthorText] = useState('');
  const authorsAsked = useDebouncedValue(authorText.trim(), AUTHOR_SEARCH_DEBOUNCE_MS);
  const authors = useQuery({
    ...authorSearchQueryOptions(authorsAsked, AUTHOR_SEARCH_MAX_LIMIT),
    placeholderData: keepPreviousData,
  });
  const authorsSettled = !authors.isFetching && authorsAsked === authorText.trim();
  const genres = useGenres();
  const form = useForm<BookFormInput, unknown, BookFormValues>({
    resolver: zodResolver(BookFormSchema),
    mode: 'onChange',
    defaultValues: initialValues,
  });
  const { register, control, handleSubmit, getValues, formState } = form;
  const errors = formState.errors;
  const [images, setImages] = useState<BookImage[]>(initialImages);
  const [mainIndex, setMainIndex] = useState(initialMainIndex);
  const [imagesDirty, setImagesDirty] = useState(false);
  const [imageError, setImageError] = useState<string>();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [saving, setSaving] = useState(false);
  const descriptionId = useId();
  const descriptionArId = useId();

  useEffect(() => {
    if (liveStock === undefined || form.getFieldState('stockQuantity').isDirty) return;
    if (form.getValues('stockQuantity') === String(liveStock)) return;
    form.resetField('stockQuantity', { defaultValue: String(liveStock) });
    onStockAdopted?.(liveStock);
  }, [liveStock, form, onStockAdopted]);

  const dirty = (formState.isDirty || imagesDirty) && !saving;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  /** Spec section 5: keystrokes a rule can never accept do not reach the field. */
  const masked = (name: 'price' | 'discountPercentage' | 'stockQuantity', pattern: RegExp) => {
    const field = register(name);
    return {
      ...field,
      inputMode: name === 'stockQuantity' ? ('numeric' as const) : ('decimal' as const),
      onBeforeInput: (event: ReactFormEvent<HTMLInputElement>) => {
        const input = event.currentTarget;
        const data = (event.nativeEvent as InputEvent).data;
        if (data && !pattern.test(textAfterInsert(input.value, input.selectionStart, input.selectionEnd, data)))
          event.preventDefault();
      },
      onChange: (event: { target: HTMLInputElement }) => {
        if (!pattern.test(event.target.value)) {
          const previous = getValues(name);
          event.target.value = typeof previous === 'string' || typeof previous === 'number' ? String(previous) : '';
          return Promise.resolve();
        }
        return field.onChange(event);
      },
    };
  };

  const submit = handleSubmit(async (values) => {
    setImageError(undefined);
    const parts = await extraFields(images);
    const body = new FormData();
    const text: Record<string, string> = {
      title: values.title,
      // Always sent: empty clears a stored Arabic title or description (decision 090).
      titleAr: values.titleAr ?? '',
      description: values.description,
      descriptionAr: values.descriptionAr ?? '',
      isbn: values.isbn,
      price: String(values.price),
      discountPercentage: String(values.discountPercentage),
      stockQuantity: String(values.stockQuantity),
      isNextDayDeliveryEligible: String(values.isNextDayDeliveryEligible),
      isActive: String(values.isActive),
      mainImageIndex: String(images.length === 0 ? 0 : mainIndex),
      authors: JSON.stringify(values.authors),
      genres: JSON.stringify(values.genres),
      ...parts.fields,
    };
    for (const [key, value] of Object.entries(text)) body.append(key, value);
    for (const file of parts.files) body.append(BOOK_IMAGES_FIELD, file, file.name);
    setSaving(true);
    setProgress({ loaded: 0, total: 1 });
    try {
      await onSave(body, setProgress);
      form.reset(getValues());
      setImagesDirty(false);
    } catch (error) {
      showServerErrors(error, form, setImageError);
    } finally {
      setSaving(false);
      setProgress(null);
    }
  });

  const authorOptions = merge(authors.data ?? [], knownAuthors);
  const genreOptions = merge(genres.data ?? [], knownGenres);

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
      <TextField label="Title" error={errors.title?.message} {...register('title')} />
      <div className="grid content-start gap-1.5">
        <label htmlFor={descriptionId} className="text-sm font-semibold text-stone-800">
          Description
        </label>
        <textarea
          id={descriptionId}
          rows={6}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
          className="w-full rounded-md border border-stone-300 bg-white p-3 text-base aria-invalid:border-red-700"
          {...register('description')}
        />
        {errors.description && (
          <p id={`${descriptionId}-error`} className="text-sm text-red-700">
            {errors.description.message}
          </p>
        )}
      </div>
      <TextField
        label="Arabic Title"
        hint="Optional: shown on the Arabic pages instead of the title."
        dir="rtl"
        lang="ar"
        error={errors.titleAr?.message}
        {...register('titleAr')}
      />
      <div className="grid content-start gap-1.5">
        <label htmlFor={descriptionArId} className="text-sm font-semibold text-stone-800">
          Arabic Description
        </label>
        <textarea
          id={descriptionArId}
          rows={4}
          dir="rtl"
          lang="ar"
          aria-invalid={errors.descriptionAr ? true : undefined}
          aria-describedby={errors.descriptionAr ? `${descriptionArId}-error` : undefined}
          className="w-full rounded-md border border-stone-300 bg-white p-3 text-base aria-invalid:border-red-700"
          {...register('descriptionAr')}
        />
        {errors.descriptionAr && (
          <p id={`${descriptionArId}-error`} className="text-sm text-red-700">
            {errors.descriptionAr.message}
          </p>
        )}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="ISBN"
          hint="ISBN-10 or ISBN-13; hyphens are fine."
          error={errors.isbn?.message}
          {...register('isbn')}
        />
        <TextField
          label="Stock Quantity"
          error={errors.stockQuantity?.message}
          {...masked('stockQuantity', WHOLE_NUMBER_TYPING)}
        />
        <TextField
          label="Price (Dhs)"
          hint="Such as 49.99."
          error={errors.price?.message}
          {...masked('price', PRICE_TYPING)}
        />
        <TextField
          label="Discount Percentage"
          hint="0 for none, up to 100."
          error={errors.discountPercentage?.message}
          {...masked('discountPercentage', PERCENTAGE_TYPING)}
        />
      </div>
      <CheckboxField
        label="Eligible for next-day delivery"
        error={errors.isNextDayDeliveryEligible?.message}
        {...register('isNextDayDeliveryEligible')}
      />
      <CheckboxField
        label="Shown in the shop"
        hint="Untick to hide the book from the storefront. Hiding keeps its orders and reviews; it is not deleted."
        error={errors.isActive?.message}
        {...register('isActive')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Controller
          control={control}
          name="authors"
          render={({ field, fieldState }) => (
            <NamePicker
              label="Authors"
              noun="author"
              options={authorOptions}
              loading={authors.isPending}
              searching={!authorsSettled}
              onTextChange={setAuthorText}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message ?? firstNested(fieldState.error)}
            />
          )}
        />
        <Controller
          control={control}
          name="genres"
          render={({ field, fieldState }) => (
            <NamePicker
              label="Genres"
              noun="genre"
              options={genreOptions}
              loading={genres.isPending}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message ?? firstNested(fieldState.error)}
            />
          )}
        />
      </div>
      <ImageManager
        images={images}
        mainIndex={mainIndex}
        error={imageError}
        onChange={(next, main) => {
          setImages(next);
          setMainIndex(main);
          setImagesDirty(true);
        }}
      />
      {progress && (
        <div className="grid gap-1">
          <label htmlFor={`${descriptionId}-progress`} className="text-sm text-stone-700">
            Uploading… {Math.round((progress.loaded / Math.max(progress.total, 1)) * 100)}%
          </label>
          <progress
            id={`${descriptionId}-progress`}
            aria-label="Upload progress"
            max={progress.total}
            value={progress.loaded}
            className="h-2 w-full"
          />
        </div>
      )}
      <div>
        <Button type="submit" size="lg" pending={saving}>
          {submitLabel}
        </Button>
      </div>
      {blocker.state === 'blocked' && (
        <ConfirmDialog
          title="Leave without saving?"
          description="Your changes to this book are not saved. They will be lost if you leave."
          cancelLabel="Stay"
          confirmLabel="Leave"
          onConfirm={() => blocker.proceed()}
          onClose={() => blocker.state === 'blocked' && blocker.reset()}
        />
      )}
    </form>
  );
}

type Named = { id: number; name: string; nameAr?: string | null };

function merge(a: readonly Named[], b: readonly Named[]) {
  const ids = new Set(a.map((x) => x.id));
  return [...a, ...b.filter((x) => !ids.has(x.id))];
}

/** An error inside a list item (such as a new name too long) has no message at the list level. */
function firstNested(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  for (const value of Object.values(error as Record<string, unknown>)) {
    if (value && typeof value === 'object') {
      const message = (value as { message?: unknown }).message;
      if (typeof message === 'string') return message;
      const nested = firstNested(value);
      if (nested) return nested;
    }
  }
  return undefined;
}
