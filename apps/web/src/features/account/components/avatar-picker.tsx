import { useEffect, useId, useState } from 'react';
import { ACCEPTED_IMAGE_INPUT, AccountMessages, isAcceptedImage } from '../lib/account-schemas.ts';

type AvatarPickerProps = {
  userName: string;
  /** The avatar saved now, if any. */
  currentUrl: string | null;
  file: File | null;
  onChange: (file: File | null) => void;
};

/** Chooses a new avatar (png, jpeg, jpg, gif, webp) and shows it before it is saved. */
export function AvatarPicker({ userName, currentUrl, file, onChange }: AvatarPickerProps) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? currentUrl;
  return (
    <div className="flex flex-wrap items-center gap-4">
      <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand text-3xl font-bold text-white uppercase">
        {shown ? (
          <img
            src={shown}
            alt={preview ? 'Preview of your new avatar' : 'Your avatar'}
            className="size-full object-cover"
          />
        ) : (
          <span aria-hidden="true">{[...userName][0] ?? '?'}</span>
        )}
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={id} className="text-sm font-semibold text-stone-800">
          Avatar
        </label>
        <input
          id={id}
          type="file"
          accept={ACCEPTED_IMAGE_INPUT}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          className="text-sm file:me-3 file:min-h-9 file:cursor-pointer file:rounded-md file:border file:border-stone-300 file:bg-white file:px-3 file:font-semibold file:text-stone-900 hover:file:bg-stone-100"
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0] ?? null;
            if (chosen && !isAcceptedImage(chosen)) {
              setError(AccountMessages.imageType);
              event.currentTarget.value = '';
              onChange(null);
              return;
            }
            setError(null);
            onChange(chosen);
          }}
        />
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          PNG, JPEG, JPG, GIF or WebP.
        </p>
        {error && (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
