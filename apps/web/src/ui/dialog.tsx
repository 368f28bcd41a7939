import { useId, useLayoutEffect, useRef, type ReactNode, type SyntheticEvent } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../lib/i18n/i18n.tsx';
import { Button } from './button.tsx';
import { CloseIcon } from './icons.tsx';

type DialogProps = {
  title: string;
  description?: string;
  onClose: () => void;
  children: ReactNode;
  /** Tailwind max-width class of the panel. */
  widthClass?: string;
  /**
   * 'sheet': on a phone the panel rises from the bottom edge at full width, within thumb reach
   * (e.g. the book list's filters); centred like any dialog from 640 px up.
   */
  placement?: 'center' | 'sheet';
};

const PLACEMENT = {
  center: 'm-auto w-[calc(100%-2rem)]',
  sheet:
    'm-auto w-[calc(100%-2rem)] max-sm:mb-0 max-sm:w-full max-sm:max-w-full max-sm:rounded-b-none max-sm:pb-[env(safe-area-inset-bottom)]',
} as const;

/**
 * An accessible modal dialog on the platform's `<dialog>`: `showModal()` puts it in the top layer,
 * makes the page behind inert, keeps focus inside and moves it to the first control; Escape (the
 * `cancel` event) and the backdrop close it, and focus returns to where it was. The page does not
 * scroll behind it (styles.css). Whoever renders it closes it by no longer rendering it.
 */
export function Dialog({
  title,
  description,
  onClose,
  children,
  widthClass = 'max-w-lg',
  placement = 'center',
}: DialogProps) {
  const t = useT();
  const titleId = useId();
  const descriptionId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    // The panel fills the dialog's box, so a click on the dialog itself is a click on its
    // backdrop (a pointer's way to close; the keyboard's is Escape).
    const onClick = (event: MouseEvent) => {
      if (event.target === element) close.current();
    };
    // Escape pressed again with no click in between closes the dialog even if `cancel` was
    // cancelled (the browser's guard against trapping pages): then its owner closes it too.
    const onClosed = () => close.current();
    element.addEventListener('click', onClick);
    element.addEventListener('close', onClosed);
    return () => {
      element.removeEventListener('click', onClick);
      element.removeEventListener('close', onClosed);
      // Out of the top layer first: focus cannot return to the page while it is inert.
      element.close();
      returnFocus?.focus();
    };
  }, []);

  const onCancel = (event: SyntheticEvent) => {
    event.preventDefault();
    onClose();
  };

  return createPortal(
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={onCancel}
      className={`${PLACEMENT[placement]} max-h-[90dvh] overflow-y-auto rounded-xl bg-white text-inherit shadow-2xl backdrop:bg-stone-950/50 ${widthClass}`}
    >
      <div className="p-6">
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-bold text-stone-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('dialog.close')}
            className="-m-1 rounded p-1 text-stone-700 hover:bg-stone-100"
          >
            <CloseIcon />
          </button>
        </div>
        {description && (
          <p id={descriptionId} className="mb-4 text-sm text-stone-700">
            {description}
          </p>
        )}
        {children}
      </div>
    </dialog>,
    document.body,
  );
}

/** A dialog's closing row: the safe choice first, which closes it, then the action (`children`). */
export function DialogActions({
  cancelLabel,
  onCancel,
  children,
}: {
  cancelLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
      {children}
    </div>
  );
}
