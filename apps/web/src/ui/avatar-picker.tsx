import { useEffect, useId, useRef, useState } from 'react';
import { useLocale, useT } from '../lib/i18n/i18n.tsx';
import { localiseMessage } from '../lib/i18n/localise-message.ts';
import { Button } from './button.tsx';
import { ACCEPTED_IMAGE_INPUT, avatarFileError } from '../lib/avatar-file.ts';

type AvatarPickerProps = {
  userName: string;
  /** The avatar saved now, if any. */
  currentUrl: string | null;
  /** A new picture chosen, not saved yet. */
  file: File | null;
  /** The saved avatar is to be removed on save. */
  removing: boolean;
  /** Why the chosen picture was refused, here or by the server. */
  error: string | undefined;
  onChange: (change: { file: File } | { remove: boolean } | { error: string }) => void;
};

/** Chooses a new avatar (png, jpeg, jpg, gif, webp) or removes the saved one, and shows the result before saving. */
export function AvatarPicker({ userName, currentUrl, file, removing, error, onChange }: AvatarPickerProps) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      // Saved, refused or replaced by "remove": the input must not keep showing the old file name.
      if (input.current) input.current.value = '';
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? (removing ? null : currentUrl);
  const describedBy = [`${id}-hint`, removing && `${id}-removing`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="flex flex-wrap items-center gap-4">
      <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand text-3xl font-bold text-white uppercase">
        {shown ? (
          <img
            src={shown}
            alt={t(preview ? 'avatar.previewAlt' : 'avatar.currentAlt')}
            className="size-full object-cover"
          />
        ) : (
          <span aria-hidden="true">{[...userName][0] ?? '?'}</span>
        )}
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={id} className="text-sm font-semibold text-stone-800">
          {t('avatar.label')}
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          accept={ACCEPTED_IMAGE_INPUT}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="text-sm file:me-3 file:min-h-9 file:cursor-pointer file:rounded-md file:border file:border-stone-300 file:bg-white file:px-3 file:font-semibold file:text-stone-900 hover:file:bg-stone-100"
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0];
            if (!chosen) return;
            const refused = avatarFileError(chosen);
            if (refused) {
              event.currentTarget.value = '';
              onChange({ error: refused });
              return;
            }
            onChange({ file: chosen });
          }}
        />
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {t('avatar.hint')}
        </p>
        {removing && (
          <p id={`${id}-removing`} className="text-sm text-stone-700">
            {t('avatar.removing')}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {localiseMessage(error, locale)}
          </p>
        )}
        {currentUrl && !file && (
          <Button
            variant="secondary"
            size="sm"
            className="justify-self-start"
            onClick={() => onChange({ remove: !removing })}
          >
            {t(removing ? 'avatar.keep' : 'avatar.remove')}
          </Button>
        )}
      </div>
    </div>
  );
}
